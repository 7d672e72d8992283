#!/usr/bin/env bash
# High-availability benchmark (issue #11): the cost of replication on one machine, topology against topology, and the
# fail-over time of a Raft group. Prints Markdown tables for docs/benchmarks.md ("High availability").
#
#   bench/ha.sh                                        # 3 rounds x 4 topologies, 30 s each after 5 s warm-up; 10 kills
#   SECONDS_PER_POINT=5 ROUNDS=1 K=3 bench/ha.sh       # a quick trial
#   TOPOLOGIES="async-2 raft-3" K=0 bench/ha.sh        # two topologies, no fail-over section
#
# What happens: builds petrel-server (bin/petrel); starts one Petrel NameServer; then ROUNDS times, in an order that
# rotates by round, each topology with fresh stores on free loopback ports:
#   async-1  ASYNC_MASTER + 1 slave        sync-1  SYNC_MASTER + 1 slave
#   async-2  ASYNC_MASTER + 2 slaves       raft-3  a 3-node Raft group (DLedger mode)
# waits until it replicates (the slaves connected to the master's HA port; a Raft leader serving sends), runs
# `bin/petrel bench produce --sync --threads THREADS --size SIZE` against it, and stops it. Then the fail-over loop: a
# fresh Raft group under steady acknowledged sends (FAILOVER_THREADS sync senders at FAILOVER_RATE msgs/s, a producer
# polling routes every ROUTE_POLL_MS); K times: wait until both followers are caught up, SIGKILL the leader, measure
# the time from the kill to the first send acknowledged by another broker (bench's --store-host-log: a line per
# change of the broker that stores the acknowledged sends), start the killed node again.
#
# Every broker gets the same broker.conf essentials (ASYNC_FLUSH, mappedFileSizeCommitLog, 127.0.0.1, the default
# thread pools, no metrics endpoint: brokers on one machine would share its port) and the same JVM options; the Raft group gets the timings of conf/examples/raft-3 (1-2 s election
# timeouts, 200 ms heartbeats). All replicas share the machine's cores and disk with each other and the load tool.
# Everything the script starts is stopped by PID on exit.
#
# Environment:
#   SECONDS_PER_POINT (30)  measured seconds per point;  WARMUP_SECONDS (5)  load before measuring
#   ROUNDS (3)  rounds of every topology (the tables take the median, with min-max)
#   THREADS (16)  sync sending threads;  SIZE (1024)  body bytes;  QUEUES (8)  queues of the bench topics
#   TOPOLOGIES ("async-1 sync-1 async-2 raft-3")  which topologies to run (the ratios need all four)
#   RAFT_CONF ("")  extra broker.conf properties of the Raft group's brokers, space-separated (key=value ...)
#   K (10)  leader kills of the fail-over loop, 0 for none;  FAILOVER_THREADS (4), FAILOVER_RATE (1000 msgs/s)
#   ROUTE_POLL_MS (200)  the fail-over producer's pollNameServerInterval (a client's default is 30000: it would reach
#          the new leader at its next route poll, up to 30 s later)
#   CATCHUP_BYTES (4194304)  a follower counts as caught up within this many bytes of the leader's CommitLog
#   BROKER_JAVA_OPTS ("-Xms1g -Xmx1g -XX:+UseG1GC -XX:MaxDirectMemorySize=1g")  every broker
#   CLIENT_JAVA_OPTS ("-Xms512m -Xmx1g -XX:+UseG1GC")  the load tool
#   COMMITLOG_BYTES (1073741824)  mappedFileSizeCommitLog of every broker (RocketMQ's default)
#   BENCH_OUT (target/bench-ha)  where results, logs and stores go (the stores are removed after each point)
#   SKIP_BUILD=1  use what is built
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SECS=${SECONDS_PER_POINT:-30}
WARMUP=${WARMUP_SECONDS:-5}
ROUNDS=${ROUNDS:-3}
THREADS=${THREADS:-16}
SIZE=${SIZE:-1024}
QUEUES=${QUEUES:-8}
TOPOLOGIES=${TOPOLOGIES:-"async-1 sync-1 async-2 raft-3"}
RAFT_CONF=${RAFT_CONF:-}
K=${K:-10}
FAILOVER_THREADS=${FAILOVER_THREADS:-4}
FAILOVER_RATE=${FAILOVER_RATE:-1000}
ROUTE_POLL_MS=${ROUTE_POLL_MS:-200}
CATCHUP_BYTES=${CATCHUP_BYTES:-4194304}
BROKER_JAVA_OPTS=${BROKER_JAVA_OPTS:-"-Xms1g -Xmx1g -XX:+UseG1GC -XX:MaxDirectMemorySize=1g"}
CLIENT_JAVA_OPTS=${CLIENT_JAVA_OPTS:-"-Xms512m -Xmx1g -XX:+UseG1GC"}
COMMITLOG_BYTES=${COMMITLOG_BYTES:-1073741824}
OUT=${BENCH_OUT:-$ROOT/target/bench-ha}
RUN=$OUT/run
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
# Class-data sharing off for every JVM: the first broker would record the archive and later ones map it, so the JVM
# options would differ between topologies.
export PETREL_CDS=0

# shellcheck source=bench/lib.sh
. "$ROOT/bench/lib.sh"

declare -A TITLE=([async-1]="ASYNC_MASTER + 1 slave" [sync-1]="SYNC_MASTER + 1 slave"
  [async-2]="ASYNC_MASTER + 2 slaves" [raft-3]="Raft group of 3 (DLedger mode)")
for topo in $TOPOLOGIES; do
  [ -n "${TITLE[$topo]:-}" ] || { echo "unknown topology '$topo' in TOPOLOGIES (async-1 sync-1 async-2 raft-3)" >&2; exit 2; }
done

# ---- build
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  log "building petrel-server (bin/petrel)"
  mvn -B -q -DskipTests -Dmaven.javadoc.skip=true package -pl petrel-server -am >&2
fi
export PETREL_SKIP_BUILD=1

rm -rf "$RUN"
mkdir -p "$RUN" "$OUT"
: > "$OUT/results.jsonl"
: > "$OUT/points.tsv"
: > "$OUT/failover.tsv"
: > "$OUT/bench.out"

machine_facts > "$OUT/machine.txt"
cat "$OUT/machine.txt" >&2

# ---- NameServer: every topology registers here, each in a cluster of its own
start_namesrv "$RUN/namesrv"

tool() { # bin/petrel as a client (admin, bench), its log in $OUT/logs
  PETREL_JAVA_OPTS="$1" PETREL_LOG_DIR="$OUT/logs" bin/petrel "${@:2}"
}
admin() { tool "-Xmx256m" admin "$@" -n "$NS"; }

# ---- one group of brokers: NODE_DIR / NODE_PID / NODE_ADDR by node number, written by start_group
declare -a NODE_DIR NODE_PID NODE_ADDR
GROUP_CLUSTER=""
GROUP_NAME=""

common_conf() { # dir listenPort
  cat <<EOF
brokerClusterName=$GROUP_CLUSTER
brokerName=$GROUP_NAME
listenPort=$2
bindAddress=127.0.0.1
brokerIP1=127.0.0.1
brokerIP2=127.0.0.1
namesrvAddr=$NS
storePathRootDir=$1/store
mappedFileSizeCommitLog=$COMMITLOG_BYTES
flushDiskType=ASYNC_FLUSH
metricsExporterType=DISABLE
EOF
}

# write_confs TOPOLOGY BASE_DIR: broker.conf of every node under BASE_DIR/n<i>; sets NODE_DIR and NODE_ADDR
write_confs() {
  local topo=$1 base=$2 i n ports=() raft=() peers=""
  case $topo in
    async-1 | sync-1) n=2 ;;
    async-2 | raft-3) n=3 ;;
  esac
  NODE_DIR=(); NODE_ADDR=(); NODE_PID=()
  for (( i = 0; i < n; i++ )); do
    next_port
    ports+=("$PORT")
    if [ "$topo" = raft-3 ]; then next_port; raft+=("$PORT"); peers="$peers${peers:+;}n$i-127.0.0.1:$PORT"; fi
  done
  for (( i = 0; i < n; i++ )); do
    NODE_DIR[i]=$base/n$i
    NODE_ADDR[i]=127.0.0.1:${ports[$i]}
    mkdir -p "${NODE_DIR[$i]}"
    {
      common_conf "${NODE_DIR[$i]}" "${ports[$i]}"
      if [ "$topo" = raft-3 ]; then
        # conf/examples/raft-3's settings: the leader registers as brokerId 0, the others as slaves
        printf 'enableDLegerCommitLog=true\ndLegerGroup=%s\ndLegerPeers=%s\ndLegerSelfId=n%d\n' "$GROUP_NAME" "$peers" "$i"
        printf 'raftElectionTimeoutMinMs=1000\nraftElectionTimeoutMaxMs=2000\nraftHeartbeatIntervalMs=200\n'
        [ -z "$RAFT_CONF" ] || printf '%s\n' $RAFT_CONF # extra properties, e.g. RAFT_CONF="raftMaxInflightAppends=2"
      elif [ "$i" = 0 ]; then
        # the HA port is listenPort + 1 (next_port keeps it free)
        printf 'brokerId=0\nbrokerRole=%s\nhaListenPort=%d\n' "$([ "$topo" = sync-1 ] && echo SYNC_MASTER || echo ASYNC_MASTER)" \
          $(( ports[0] + 1 ))
      else
        printf 'brokerId=%d\nbrokerRole=SLAVE\nhaMasterAddress=127.0.0.1:%d\n' "$i" $(( ports[0] + 1 ))
      fi
    } > "${NODE_DIR[$i]}/broker.conf"
  done
}

# start_node I: starts node I (again) from its broker.conf; await_node I waits for its (next) ready line
start_node() {
  local i=$1 dir=${NODE_DIR[$1]} ready
  ready=$(count_lines "$dir/broker.out" "Petrel broker ready in")
  PETREL_JAVA_OPTS="$BROKER_JAVA_OPTS" PETREL_LOG_DIR="$dir/logs" bin/petrel broker -c "$dir/broker.conf" \
    >> "$dir/broker.out" 2>&1 &
  NODE_PID[i]=$!
  track_pid "${NODE_PID[$i]}"
  echo "$ready" > "$dir/ready.count"
}
await_node() {
  local i=$1 dir=${NODE_DIR[$1]}
  wait_line "$dir/broker.out" "Petrel broker ready in" 120 "${NODE_PID[$i]}" "$(cat "$dir/ready.count")"
}

# start_group TOPOLOGY NAME: every node side by side; returns once the group replicates
start_group() {
  local topo=$1 i
  GROUP_CLUSTER=HaBench-$2
  GROUP_NAME=ha-$2
  write_confs "$topo" "$RUN/$2"
  for i in "${!NODE_DIR[@]}"; do start_node "$i"; done
  for i in "${!NODE_DIR[@]}"; do await_node "$i"; done
  if [ "$topo" = raft-3 ]; then
    await_leader 60
    log "$topo: leader n$LEADER (${NODE_ADDR[$LEADER]}), pids ${NODE_PID[*]}"
  else
    for (( i = 1; i < ${#NODE_DIR[@]}; i++ )); do
      wait_line "${NODE_DIR[$i]}/logs/broker.log" "HA client connected to master" 60 "${NODE_PID[$i]}"
    done
    log "$topo: master ${NODE_ADDR[0]} and $(( ${#NODE_DIR[@]} - 1 )) slave(s) connected, pids ${NODE_PID[*]}"
  fi
}

# await_leader TIMEOUT_S: sets LEADER to the node whose log says it serves sends as brokerId 0 (a fresh group: the
# first to say so)
LEADER=-1
await_leader() {
  local deadline i
  deadline=$(( $(now_ms) + $1 * 1000 ))
  while [ "$(now_ms)" -le "$deadline" ]; do
    for i in "${!NODE_DIR[@]}"; do
      if [ "$(count_lines "${NODE_DIR[$i]}/logs/broker.log" "serving sends as brokerId 0")" -gt 0 ]; then
        LEADER=$i
        return
      fi
    done
    sleep 0.05
  done
  log "no Raft leader after $1 s"
  exit 1
}

stop_group() { # every node side by side (each stop_pid in a subshell), then reap and forget them here
  local i p stoppers=()
  for i in "${!NODE_PID[@]}"; do
    stop_pid "${NODE_PID[$i]}" &
    stoppers+=("$!")
  done
  for p in "${stoppers[@]}"; do wait "$p" || true; done
  for i in "${!NODE_PID[@]}"; do
    wait "${NODE_PID[$i]}" 2>/dev/null || true
    forget_pid "${NODE_PID[$i]}"
  done
  for i in "${!NODE_DIR[@]}"; do rm -rf "${NODE_DIR[$i]}/store"; done
}

# The Raft group's followers copy topics from the leader only every 10 s: create the topic on every member.
create_topic_everywhere() { # topic
  local i
  for i in "${!NODE_ADDR[@]}"; do
    admin updateTopic -b "${NODE_ADDR[$i]}" -t "$1" -r "$QUEUES" -w "$QUEUES" >> "$OUT/bench.out" 2>&1
  done
}

# Clock ticks of user + system CPU of the running group's broker JVMs, summed.
group_cpu_ticks() {
  local i sum=0 t
  for i in "${!NODE_PID[@]}"; do
    t=$(awk '{print $14 + $15}' "/proc/${NODE_PID[$i]}/stat" 2>/dev/null || echo 0)
    sum=$(( sum + t ))
  done
  echo "$sum"
}

# ---- throughput: one point = one topology in one round
run_point() { # topology round
  local topo=$1 round=$2 name topic setup=() result msgs p50 p99 errors
  name=${topo}-r$round
  topic=HaBench_${topo//-/_}_r$round
  start_group "$topo" "$name"
  if [ "$topo" = raft-3 ]; then
    create_topic_everywhere "$topic"
  else
    setup=(--create-topic --cluster "$GROUP_CLUSTER" --queues "$QUEUES")
  fi
  log "$topo round $round: bench produce --sync --threads $THREADS --size $SIZE"
  # The group's CPU over the measured window: sampled when the warm-up ends and when the load ends.
  ( sleep "$WARMUP"; group_cpu_ticks > "$OUT/cpu.start" ) &
  local sampler=$!
  if ! tool "$CLIENT_JAVA_OPTS" bench produce --sync --threads "$THREADS" --size "$SIZE" -n "$NS" -t "$topic" \
      "${setup[@]}" --duration "$SECS" --warmup "$WARMUP" --interval 5 --label "$topo" \
      --result-file "$OUT/results.jsonl" > "$OUT/last.out" 2>&1; then
    log "$topo: the load failed:"
    tail -5 "$OUT/last.out" >&2
  fi
  local cpu_end cpu_start
  cpu_end=$(group_cpu_ticks)
  wait "$sampler" 2>/dev/null || true
  cpu_start=$(cat "$OUT/cpu.start" 2>/dev/null || echo "$cpu_end")
  cat "$OUT/last.out" >> "$OUT/bench.out"
  grep -E '^  (sent|errors|send latency) ' "$OUT/last.out" | sed 's/^/#   /' >&2 || true
  result=$(grep '^RESULT ' "$OUT/last.out" | tail -1 || true)
  if [ -n "$result" ]; then
    msgs=$(sed -nE 's/.*"sendMsgsPerSec":([0-9.eE+-]+).*/\1/p' <<< "$result")
    p50=$(sed -nE 's/.*"sendLatencyMicros":\{[^}]*"p50":([0-9]+).*/\1/p' <<< "$result")
    p99=$(sed -nE 's/.*"sendLatencyMicros":\{[^}]*"p99":([0-9]+).*/\1/p' <<< "$result")
    errors=$(sed -nE 's/.*"errors":([0-9]+).*/\1/p' <<< "$result")
    # µs of broker CPU (all of the group's JVMs) per message sent in the measured window
    cpu_us=$(awk -v t="$(( cpu_end - cpu_start ))" -v hz="$(getconf CLK_TCK)" -v m="${msgs:-0}" -v s="$SECS" \
      'BEGIN { if (m > 0) printf "%.0f", t / hz * 1e6 / (m * s); else print 0 }')
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$topo" "$round" "${msgs:-0}" "${p50:-0}" "${p99:-0}" "${errors:-0}" \
      "$cpu_us" >> "$OUT/points.tsv"
  fi
  stop_group
}

read -r -a TOPO_LIST <<< "$TOPOLOGIES"
COUNT=${#TOPO_LIST[@]}
for (( round = 1; round <= ROUNDS; round++ )); do
  # The order rotates by round, so no topology always runs first (on a machine the one before just warmed up).
  for (( n = 0; n < COUNT; n++ )); do
    run_point "${TOPO_LIST[$(( (n + round - 1) % COUNT ))]}" "$round"
  done
done

# ---- fail-over: SIGKILL the Raft leader K times under steady acknowledged sends
# caught_up: the leader's GET_BROKER_HA_STATUS lists both followers in sync and within CATCHUP_BYTES
caught_up() {
  admin haStatus -b "${NODE_ADDR[$LEADER]}" 2>/dev/null | awk -v max="$CATCHUP_BYTES" '
    $1 ~ /^[0-9.]+:[0-9]+$/ && NF >= 6 { rows++; if ($3 <= max && $5 == "OK") ok++ }
    END { exit !(rows == 2 && ok == 2) }'
}
await_caught_up() { # LEADER: the broker that acknowledged the latest sends
  local deadline
  deadline=$(( $(now_ms) + 120000 ))
  while LEADER=$(node_of "$(tail -1 "$HOSTS" | cut -d' ' -f2)"); [ "$LEADER" -lt 0 ] || ! caught_up; do
    if [ "$(now_ms)" -gt "$deadline" ]; then log "the followers of n$LEADER did not catch up within 120 s"; exit 1; fi
    sleep 0.5
  done
}
node_of() { # host:port -> node number
  local i
  for i in "${!NODE_ADDR[@]}"; do [ "${NODE_ADDR[$i]}" = "$1" ] && { echo "$i"; return; }; done
  echo "-1"
}

if [ "$K" -gt 0 ]; then
  topic=HaBench_failover
  HOSTS=$OUT/store-hosts.log
  : > "$HOSTS"
  start_group raft-3 failover
  create_topic_everywhere "$topic"
  log "fail-over: $K kills; sends: sync x$FAILOVER_THREADS at $FAILOVER_RATE msgs/s, route poll $ROUTE_POLL_MS ms"
  tool "$CLIENT_JAVA_OPTS" bench produce --sync --threads "$FAILOVER_THREADS" --rate "$FAILOVER_RATE" --size "$SIZE" \
    -n "$NS" -t "$topic" --duration 86400 --warmup 0 --interval 1 --label failover \
    --producer-property "pollNameServerInterval=$ROUTE_POLL_MS" --store-host-log "$HOSTS" \
    > "$OUT/failover.out" 2>&1 &
  SENDER=$!
  track_pid "$SENDER"
  wait_line "$HOSTS" "." 60 "$SENDER"
  for (( k = 1; k <= K; k++ )); do
    await_caught_up
    lines=$(count_lines "$HOSTS" ".")
    killed_at=$(now_ms)
    kill -KILL "${NODE_PID[$LEADER]}"
    wait "${NODE_PID[$LEADER]}" 2>/dev/null || true
    forget_pid "${NODE_PID[$LEADER]}"
    wait_line "$HOSTS" "." 60 "$SENDER" "$lines"
    acked_at=$(sed -n "$(( lines + 1 ))p" "$HOSTS" | cut -d' ' -f1)
    new=$(sed -n "$(( lines + 1 ))p" "$HOSTS" | cut -d' ' -f2)
    printf '%d\t%d\t%s\t%s\n' "$k" $(( acked_at - killed_at )) "${NODE_ADDR[$LEADER]}" "$new" >> "$OUT/failover.tsv"
    log "kill $k: n$LEADER (${NODE_ADDR[$LEADER]}) killed; $new acknowledged a send $(( acked_at - killed_at )) ms later"
    start_node "$LEADER"
    await_node "$LEADER"
  done
  stop_pid "$SENDER"
  FAILED_SENDS=$(sed -nE 's/^\[ *[0-9]+ s\].* errors ([0-9]+).*/\1/p' "$OUT/failover.out" | awk '{ s += $1 } END { print s + 0 }')
  stop_group
fi

echo "load after: $(uptime | sed 's/.*load average: //')" >> "$OUT/machine.txt"
stop_pid "$NS_PID"

# ---- tables
median_range() { # values on stdin, one a line -> "median (min-max)" with printf format $1
  sort -g | awk -v f="$1" '{ v[NR] = $1 } END {
    if (NR == 0) { print "-"; exit }
    m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf f, m; if (NR > 1) { printf " ("; printf f, v[1]; printf "–"; printf f, v[NR]; printf ")" } print "" }'
}
column_of() { awk -F'\t' -v t="$1" -v c="$2" -v s="${3:-1}" '$1 == t { print $c / s }' "$OUT/points.tsv"; }
median_of() { column_of "$1" 3 | sort -g | awk '{ v[NR] = $1 } END { if (NR) print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio_row() { # numerator denominator title
  local a b per
  a=$(median_of "$1"); b=$(median_of "$2")
  [ -n "$a" ] && [ -n "$b" ] || return 0
  # per round: the two topologies of one round ran minutes apart on the same machine
  per=$(awk -F'\t' -v a="$1" -v b="$2" '$1 == a { x[$2] = $3 } $1 == b { y[$2] = $3 }
    END { for (r in x) if (r in y && y[r] > 0) printf "%.2f\n", x[r] / y[r] }' "$OUT/points.tsv" | sort -g \
    | awk '{ v[NR] = $1 } END { if (NR > 1) printf "%s–%s", v[1], v[NR]; else if (NR) printf "%s", v[1] }')
  awk -v a="$a" -v b="$b" -v t="$3" -v per="$per" 'BEGIN { r = a / b; verdict = (r >= 0.8) ? "met" : "**not met**"
    printf "| %s | **%.2f** | %s | ≥ 0.80 | %s |\n", t, r, (per == "" ? "-" : per), verdict }'
}

{
  echo '```'
  cat "$OUT/machine.txt"
  echo "sync sends of $SIZE B from $THREADS threads, $SECS s per point after $WARMUP s warm-up, $ROUNDS round(s)," \
    "topologies: $TOPOLOGIES"
  echo '```'
  echo
  echo "| topology | brokers | msgs/s | send p50 ms | send p99 ms | errors | brokers' CPU µs/msg |"
  echo "|---|---|---|---|---|---|---|"
  for topo in $TOPOLOGIES; do
    [ -n "$(column_of "$topo" 3)" ] || continue
    printf '| %s | %d | %s | %s | %s | %s | %s |\n' "${TITLE[$topo]}" "$([ "${topo#*-}" = 1 ] && echo 2 || echo 3)" \
      "$(column_of "$topo" 3 | median_range '%.0f')" "$(column_of "$topo" 4 1000 | median_range '%.2f')" \
      "$(column_of "$topo" 5 1000 | median_range '%.2f')" "$(column_of "$topo" 6 | median_range '%.0f')" \
      "$(column_of "$topo" 7 | median_range '%.0f')"
  done
  echo
  echo "| ratio of throughputs (medians) | value | per round | target | |"
  echo "|---|---|---|---|---|"
  ratio_row raft-3 async-2 "Raft group of 3 / ASYNC_MASTER + 2 slaves"
  ratio_row sync-1 async-1 "SYNC_MASTER + 1 slave / ASYNC_MASTER + 1 slave"
  if [ -s "$OUT/failover.tsv" ]; then
    echo
    echo "Fail-over of the Raft group: SIGKILL of the leader to the first send acknowledged by the new leader" \
      "($K kills; sync x$FAILOVER_THREADS at $FAILOVER_RATE msgs/s, route poll $ROUTE_POLL_MS ms; $FAILED_SENDS failed sends in all):"
    echo
    echo "| kills | min ms | median ms | p90 ms | max ms | each kill, ms |"
    echo "|---|---|---|---|---|---|"
    cut -f2 "$OUT/failover.tsv" | sort -n | awk -v all="$(cut -f2 "$OUT/failover.tsv" | paste -sd, | sed 's/,/, /g')" '
      { v[NR] = $1 } END {
        p90 = int(0.9 * NR); if (p90 < 0.9 * NR) p90++   # nearest rank
        m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "| %d | %d | %.0f | %d | %d | %s |\n", NR, v[1], m, v[p90], v[NR], all }'
  fi
} | tee "$OUT/table.md"
log "results: $OUT/results.jsonl, points: $OUT/points.tsv, fail-overs: $OUT/failover.tsv, table: $OUT/table.md"
