#!/usr/bin/env bash
# End-to-end benchmark: Petrel's broker against Apache RocketMQ 5.3.1's broker, the same load (bin/petrel bench) on
# the same machine, interleaved load by load. Prints Markdown tables for docs/benchmarks.md ("End to end").
#
#   bench/e2e.sh                                  # 2 sizes x 5 loads x 2 brokers, 20 s each after 5 s warm-up
#   SECONDS_PER_POINT=60 REPEAT=3 bench/e2e.sh    # longer, each load 3 times (the tables take the median)
#   SIZES="1024" TARGETS=petrel bench/e2e.sh      # a quick look at Petrel alone
#
# What happens: builds petrel-server (bin/petrel) and petrel-apache-runtime's class path of Apache RocketMQ 5.3.1; starts
# one Petrel NameServer; then for each body size ("round") starts a fresh Petrel broker and a fresh Apache broker
# (both register with that NameServer, in clusters PetrelBench and ApacheBench), runs every load against one, then
# the other (which goes first alternates), and stops both. Each broker gets the same broker.conf essentials
# (ASYNC_FLUSH, mappedFileSizeCommitLog, 127.0.0.1) and the same JVM options. Everything the script starts is stopped
# by PID on exit.
#
# Environment:
#   SECONDS_PER_POINT (20)  measured seconds per load;  WARMUP_SECONDS (5)  load before measuring
#   SIZES ("128 1024")  body sizes, one round each;  REPEAT (1)  runs of each load per broker
#   LOADS  loads separated by ';' (default below: sync x16, async x4, sync batch 32 x4, e2e flat out with sync x16
#          (the consume throughput: the consumer keeps up with the senders or falls behind), e2e latency at E2E_RATE)
#   E2E_RATE (2000)  messages/s of the end-to-end latency load;  QUEUES (8)  queues of the bench topics
#   TARGETS ("petrel apache")  which brokers to run
#   BROKER_JAVA_OPTS ("-Xms1g -Xmx1g -XX:+UseG1GC -XX:MaxDirectMemorySize=1g")  both brokers
#   CLIENT_JAVA_OPTS ("-Xms512m -Xmx1g -XX:+UseG1GC")  the load tool
#   COMMITLOG_BYTES (1073741824)  mappedFileSizeCommitLog of both brokers (RocketMQ's default)
#   BENCH_OUT (target/bench-e2e)  where results, logs and stores go (the stores are removed after each round)
#   SKIP_BUILD=1  use what is built
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SECS=${SECONDS_PER_POINT:-20}
WARMUP=${WARMUP_SECONDS:-5}
SIZES=${SIZES:-"128 1024"}
REPEAT=${REPEAT:-1}
E2E_RATE=${E2E_RATE:-2000}
QUEUES=${QUEUES:-8}
TARGETS=${TARGETS:-"petrel apache"}
BROKER_JAVA_OPTS=${BROKER_JAVA_OPTS:-"-Xms1g -Xmx1g -XX:+UseG1GC -XX:MaxDirectMemorySize=1g"}
CLIENT_JAVA_OPTS=${CLIENT_JAVA_OPTS:-"-Xms512m -Xmx1g -XX:+UseG1GC"}
COMMITLOG_BYTES=${COMMITLOG_BYTES:-1073741824}
LOADS=${LOADS:-"produce --sync --threads 16; produce --async --threads 4 --inflight 1024; \
produce --sync --batch 32 --threads 4; e2e --sync --threads 16; e2e --async --threads 2 --rate $E2E_RATE"}
OUT=${BENCH_OUT:-$ROOT/target/bench-e2e}
RUN=$OUT/run
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java

# shellcheck source=bench/lib.sh
. "$ROOT/bench/lib.sh"

# ---- build
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  log "building petrel-server (bin/petrel) and petrel-apache-runtime's Apache RocketMQ 5.3.1 class path"
  mvn -B -q -DskipTests -Dmaven.javadoc.skip=true package -pl petrel-server -am >&2
  mvn -B -q -pl petrel-apache-runtime generate-resources >&2
fi
APACHE_CP_FILE=$ROOT/petrel-apache-runtime/target/apache-classpath.txt
[ -s "$APACHE_CP_FILE" ] || { echo "missing $APACHE_CP_FILE: run without SKIP_BUILD=1" >&2; exit 1; }
APACHE_CP=$(cat "$APACHE_CP_FILE")

rm -rf "$RUN"
mkdir -p "$RUN" "$OUT"
: > "$OUT/results.jsonl"
: > "$OUT/brokers.jsonl"
: > "$OUT/bench.out"
export PETREL_SKIP_BUILD=1

# ---- the machine
machine_facts > "$OUT/machine.txt"
cat "$OUT/machine.txt" >&2

# ---- NameServer (Petrel's: rocketmq-namesrv is not on Maven Central); both brokers register here
start_namesrv "$RUN/namesrv"

declare -A BROKER_PID CLUSTER BROKER_NAME STARTED_MS READY_MS REGISTERED_MS
CLUSTER[petrel]=PetrelBench; BROKER_NAME[petrel]=petrel-bench
CLUSTER[apache]=ApacheBench; BROKER_NAME[apache]=apache-bench

broker_conf() { # target dir port
  broker_conf_essentials "$1" "${CLUSTER[$1]}" "${BROKER_NAME[$1]}" "$2" "$3" ASYNC_FLUSH
}

start_broker() { # target round
  local target=$1 round=$2 dir port registrations pid t0
  dir=$RUN/$target-$round
  mkdir -p "$dir"
  next_port
  port=$PORT
  broker_conf "$target" "$dir" "$port" > "$dir/broker.conf"
  registrations=$(count_lines "$NS_LOG" "broker registered: .* ${BROKER_NAME[$target]} id")
  t0=$(now_ms)
  if [ "$target" = petrel ]; then
    # bin/petrel as shipped (its class-data-sharing archive included: recorded by the first broker, mapped by later ones)
    PETREL_JAVA_OPTS="$BROKER_JAVA_OPTS" PETREL_LOG_DIR="$dir/logs" bin/petrel broker -c "$dir/broker.conf" \
      > "$dir/broker.out" 2>&1 &
    pid=$!
    PIDS+=("$pid")
    wait_line "$dir/broker.out" "Petrel broker ready in" 120 "$pid"
  else
    # shellcheck disable=SC2086
    ROCKETMQ_HOME="$dir" "$JAVA" $BROKER_JAVA_OPTS -Duser.home="$dir" -Drocketmq.home.dir="$dir" -cp "$APACHE_CP" \
      org.apache.rocketmq.broker.BrokerStartup -c "$dir/broker.conf" > "$dir/broker.out" 2>&1 &
    pid=$!
    PIDS+=("$pid")
    wait_line "$dir/broker.out" "boot success" 120 "$pid"
  fi
  READY_MS[$target]=$(( $(now_ms) - t0 ))
  wait_line "$NS_LOG" "broker registered: .* ${BROKER_NAME[$target]} id" 120 "$pid" "$registrations"
  REGISTERED_MS[$target]=$(( $(now_ms) - t0 ))
  BROKER_PID[$target]=$pid
  log "$target broker pid $pid on 127.0.0.1:$port: ready after ${READY_MS[$target]} ms, registered after ${REGISTERED_MS[$target]} ms"
}

stop_broker() { # target round
  local target=$1 round=$2 pid hwm ticks
  pid=${BROKER_PID[$target]}
  hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
  ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0)
  stop_pid "$pid"
  printf '{"label":"%s","round":"%s","readyMs":%d,"registeredMs":%d,"vmHwmKb":%d,"cpuMillis":%.1f}\n' "$target" \
    "$round" "${READY_MS[$target]}" "${REGISTERED_MS[$target]}" "$hwm" \
    "$(awk -v t="$ticks" -v hz="$(getconf CLK_TCK)" 'BEGIN { print t * 1000 / hz }')" >> "$OUT/brokers.jsonl"
  rm -rf "$RUN/$target-$round/store"
  log "$target broker stopped (peak RSS $(( hwm / 1024 )) MiB)"
}

run_load() { # target size load_id load...
  local target=$1 size=$2 topic
  # A topic per load: a new consumer group starting "from last" is still given a queue's whole backlog while its
  # first message is in memory (RocketMQ's rule, kept by Petrel), so an e2e load after another on the same topic
  # would first consume the earlier load's messages.
  topic=Bench$3_$target
  shift 3
  log "$target: bench $* --size $size"
  # shellcheck disable=SC2086
  if ! PETREL_JAVA_OPTS="$CLIENT_JAVA_OPTS" PETREL_CDS=0 PETREL_LOG_DIR="$OUT/logs" bin/petrel bench "$@" \
      -n "$NS" -t "$topic" --create-topic --cluster "${CLUSTER[$target]}" --queues "$QUEUES" --size "$size" \
      --duration "$SECS" --warmup "$WARMUP" --interval 5 --label "$target" --broker-pid "${BROKER_PID[$target]}" \
      --result-file "$OUT/results.jsonl" > "$OUT/last.out" 2>&1; then
    log "$target: the load failed:"
    tail -5 "$OUT/last.out" >&2
  fi
  grep -E '^  (sent|received|errors|NOT) ' "$OUT/last.out" | sed 's/^/#   /' >&2 || true
  cat "$OUT/last.out" >> "$OUT/bench.out"
}

IFS=';' read -r -a LOAD_LIST <<< "$LOADS"
LOAD_COUNT=${#LOAD_LIST[@]}
read -r -a TARGET_LIST <<< "$TARGETS"
point=0
round=0
for size in $SIZES; do
  # Start order alternates by round, so neither broker always starts on a machine the other just warmed up.
  order=("${TARGET_LIST[@]}")
  if [ $(( round % 2 )) = 1 ] && [ "${#order[@]}" = 2 ]; then order=("${order[1]}" "${order[0]}"); fi
  round=$(( round + 1 ))
  for target in "${order[@]}"; do start_broker "$target" "$size"; done
  for (( n = 0; n < LOAD_COUNT; n++ )); do
    load=${LOAD_LIST[$n]}
    for rep in $(seq "$REPEAT"); do
      order=("${TARGET_LIST[@]}")
      if [ $(( point % 2 )) = 1 ] && [ "${#order[@]}" = 2 ]; then order=("${order[1]}" "${order[0]}"); fi
      point=$(( point + 1 ))
      # shellcheck disable=SC2086
      for target in "${order[@]}"; do run_load "$target" "$size" "${n}x$rep" $load; done
    done
  done
  for target in "${TARGET_LIST[@]}"; do stop_broker "$target" "$size"; done
done

echo "load after: $(uptime | sed 's/.*load average: //')" >> "$OUT/machine.txt"
stop_pid "$NS_PID"

{
  echo '```'
  cat "$OUT/machine.txt"
  echo "$SECS s per load after $WARMUP s warm-up; sizes: $SIZES; repeat: $REPEAT"
  echo '```'
  echo
  PETREL_JAVA_OPTS="-Xmx256m" PETREL_CDS=0 PETREL_LOG_DIR="$OUT/logs" bin/petrel bench report \
    --results "$OUT/results.jsonl" --brokers "$OUT/brokers.jsonl"
} | tee "$OUT/table.md"
log "results: $OUT/results.jsonl, broker facts: $OUT/brokers.jsonl, table: $OUT/table.md, load output: $OUT/bench.out"
