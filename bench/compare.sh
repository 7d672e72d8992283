#!/usr/bin/env bash
# Petrel against Apache RocketMQ 5.3.1, broker against broker, with the OFFICIAL 5.3.1 client (issue #12): the one
# command that writes docs/benchmarks.md's comparison ("Against Apache RocketMQ 5.3.1").
#
#   bench/compare.sh                                               # every case, 3 rounds, 20 s per point (~1 h)
#   SECONDS_PER_POINT=5 WARMUP_SECONDS=2 ROUNDS=1 BACKLOG=50000 bench/compare.sh          # a trial of ~10 min
#   CASES="e2e-5k" TARGETS="petrel" ROUNDS=1 WRITE_DOCS=0 bench/compare.sh               # one case, Petrel only
#
# What happens: builds petrel-server (bin/petrel), petrel-apache-runtime's class path of Apache RocketMQ 5.3.1 and
# petrel-apache-bench's driver; measures the disk (dd) and starts one Petrel NameServer. Then, case by case and round
# by round, one run per target, in an order that rotates by round:
#   apache      Apache's broker (Maven Central's rocketmq-broker, BrokerStartup) + the official client (the driver)
#   petrel      Petrel's broker (bin/petrel broker)                               + the official client (the driver)
#   petrel-own  Petrel's broker                                                   + Petrel's client (bin/petrel bench)
# A run starts a FRESH broker (a new store, a new cluster and broker name registered with the NameServer), waits for
# its port and its registration, runs the case's load on a topic of its own, and stops the broker. So every run has its
# own launch-to-serving time, peak RSS and store; "drain" first writes its backlog with the official client (not
# measured), then a new consumer group reads it from the first offset.
#
# The broker runs on core BROKER_CORE and everything else (NameServer, load tool) on LOAD_CORE (taskset, util-linux),
# so a ratio measures the brokers, not the client. Both brokers get the same broker.conf essentials (ASYNC_FLUSH, or
# SYNC_FLUSH for that case; 1 GiB CommitLog files; 127.0.0.1; no metrics exporter) and the same JVM options (heap
# 1 GiB). The driver (petrel-apache-bench, dev.petrel.apachebench.DriverMain) runs on Apache's class path alone; it
# takes bin/petrel bench's option names and writes the same JSON result, so both load tools get the same load line.
# Everything the script starts is stopped by PID on exit.
#
# Per run it records: msgs/s, MB/s, latency p50/p99/p99.9/max (per send call; end to end for e2e), broker CPU µs per
# message (/proc/<pid>/stat over the measured phase), peak anonymous RSS (sampled) and peak RSS (VmHWM at the stop),
# launch to port open and to registration, errors by kind. The tables give each figure's median with min–max.
#
# Cases (CASES, ids separated by spaces; default all):
#   sync-1k sync-128 async-1k batch-32x1k drain-1k sync-16k oneway-1k syncflush-1k e2e-5k e2e-20k
# Environment:
#   SECONDS_PER_POINT (20)  measured seconds per run;  WARMUP_SECONDS (5)  load before measuring
#   ROUNDS (3)  runs of every case per target (the A/B alternation)
#   TARGETS ("apache petrel petrel-own")
#   BACKLOG (500000)  messages of 1 KiB the drain case writes, then reads
#   DRAIN_SECONDS (60)  the driver's limit for reading the backlog; Petrel's client consumes for exactly this long
#   QUEUES (8)  queues of every topic
#   PIN (1)  0: no taskset;  BROKER_CORE (0), LOAD_CORE (1)
#   BROKER_JAVA_OPTS ("-Xms1g -Xmx1g -XX:+UseG1GC -XX:MaxDirectMemorySize=1g")  both brokers; PETREL_BROKER_JAVA_OPTS and
#          APACHE_BROKER_JAVA_OPTS override it for one; PETREL_BROKER_EXTRA_OPTS is appended to Petrel's (JFR, GC logs)
#   CLIENT_JAVA_OPTS ("-Xms512m -Xmx1g -XX:+UseG1GC")  both load tools
#   COMMITLOG_BYTES (1073741824)  mappedFileSizeCommitLog of both brokers (RocketMQ's default)
#   PREFILL_MIB (0)  before each e2e run, write this many MiB (16 KiB messages, another topic, not measured) into the
#          fresh broker: the e2e case on an aged store that already rolled over CommitLog files
#   DD_COUNT (1024)  MiB written by the dd measurement, 0 to skip it
#   WRITE_DOCS (1)  replace docs/benchmarks.md's section between the COMPARE-RESULTS markers with the tables
#   NOTE ("")  a paragraph put above the tables (e.g. "Trial run: ...")
#   BENCH_OUT (target/bench-compare)  results, logs and stores (a store is removed when its broker stops)
#   SKIP_BUILD=1  use what is built
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SECS=${SECONDS_PER_POINT:-20}
WARMUP=${WARMUP_SECONDS:-5}
ROUNDS=${ROUNDS:-3}
ALL_CASES="sync-1k sync-128 async-1k batch-32x1k drain-1k sync-16k oneway-1k syncflush-1k e2e-5k e2e-20k"
CASES=${CASES:-$ALL_CASES}
TARGETS=${TARGETS:-"apache petrel petrel-own"}
BACKLOG=${BACKLOG:-500000}
DRAIN_SECONDS=${DRAIN_SECONDS:-60}
QUEUES=${QUEUES:-8}
PIN=${PIN:-1}
BROKER_CORE=${BROKER_CORE:-0}
LOAD_CORE=${LOAD_CORE:-1}
BROKER_JAVA_OPTS=${BROKER_JAVA_OPTS:-"-Xms1g -Xmx1g -XX:+UseG1GC -XX:MaxDirectMemorySize=1g"}
PETREL_BROKER_JAVA_OPTS=${PETREL_BROKER_JAVA_OPTS:-$BROKER_JAVA_OPTS}
APACHE_BROKER_JAVA_OPTS=${APACHE_BROKER_JAVA_OPTS:-$BROKER_JAVA_OPTS}
PETREL_BROKER_EXTRA_OPTS=${PETREL_BROKER_EXTRA_OPTS:-}
CLIENT_JAVA_OPTS=${CLIENT_JAVA_OPTS:-"-Xms512m -Xmx1g -XX:+UseG1GC"}
COMMITLOG_BYTES=${COMMITLOG_BYTES:-1073741824}
PREFILL_MIB=${PREFILL_MIB:-0}
DD_COUNT=${DD_COUNT:-1024}
WRITE_DOCS=${WRITE_DOCS:-1}
NOTE=${NOTE:-}
OUT=${BENCH_OUT:-$ROOT/target/bench-compare}
RUN=$OUT/run
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
CLK_TCK=$(getconf CLK_TCK)

# shellcheck source=bench/lib.sh
. "$ROOT/bench/lib.sh"

# ---- the cases: a title, the load line (bin/petrel bench's options, which the driver takes too), the flush mode
declare -A TITLE LOAD FLUSH
TITLE[sync-1k]="sync 1 KiB × 8 threads";                LOAD[sync-1k]="produce --sync --threads 8 --size 1024"
TITLE[sync-128]="sync 128 B × 8 threads";               LOAD[sync-128]="produce --sync --threads 8 --size 128"
TITLE[async-1k]="async 1 KiB, 512 in flight (2 threads)"
LOAD[async-1k]="produce --async --threads 2 --inflight 512 --size 1024"
TITLE[batch-32x1k]="sync batches of 32 × 1 KiB × 4 threads"
LOAD[batch-32x1k]="produce --sync --batch 32 --threads 4 --size 1024"
TITLE[drain-1k]="drain a backlog of $(printf "%'d" "$BACKLOG") × 1 KiB";  LOAD[drain-1k]="drain"
TITLE[sync-16k]="sync 16 KiB × 4 threads";              LOAD[sync-16k]="produce --sync --threads 4 --size 16384"
TITLE[oneway-1k]="oneway 1 KiB × 2 threads";            LOAD[oneway-1k]="produce --oneway --threads 2 --size 1024"
TITLE[syncflush-1k]="SYNC_FLUSH sync 1 KiB × 32 threads"; LOAD[syncflush-1k]="produce --sync --threads 32 --size 1024"
FLUSH[syncflush-1k]=SYNC_FLUSH
TITLE[e2e-5k]="e2e at 5,000 msg/s (1 KiB, async × 2)"
LOAD[e2e-5k]="e2e --async --threads 2 --inflight 1024 --rate 5000 --size 1024"
TITLE[e2e-20k]="e2e at 20,000 msg/s (1 KiB, async × 2)"
LOAD[e2e-20k]="e2e --async --threads 2 --inflight 1024 --rate 20000 --size 1024"
for c in $CASES; do
  [ -n "${LOAD[$c]:-}" ] || { echo "unknown case '$c' in CASES ($ALL_CASES)" >&2; exit 2; }
done
for t in $TARGETS; do
  case $t in apache | petrel | petrel-own) ;; *) echo "unknown target '$t' in TARGETS (apache petrel petrel-own)" >&2; exit 2 ;; esac
done

# ---- pinning
ON_BROKER=()
ON_LOAD=()
if [ "$PIN" = 1 ]; then
  command -v taskset > /dev/null || { echo "taskset (util-linux) is missing: install it or run with PIN=0" >&2; exit 2; }
  [ "$(nproc)" -gt "$(( BROKER_CORE > LOAD_CORE ? BROKER_CORE : LOAD_CORE ))" ] \
    || { echo "this machine has $(nproc) core(s): set BROKER_CORE and LOAD_CORE, or PIN=0" >&2; exit 2; }
  ON_BROKER=(taskset -c "$BROKER_CORE")
  ON_LOAD=(taskset -c "$LOAD_CORE")
fi

# ---- build
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  log "building petrel-server (bin/petrel), petrel-apache-runtime's class path and petrel-apache-bench's driver"
  mvn -B -q -DskipTests -Dmaven.javadoc.skip=true package -pl petrel-server -am >&2
  mvn -B -q -pl petrel-apache-runtime generate-resources >&2
  mvn -B -q -pl petrel-apache-bench test-compile >&2
fi
APACHE_CP_FILE=$ROOT/petrel-apache-runtime/target/apache-classpath.txt
DRIVER_CLASSES=$ROOT/petrel-apache-bench/target/test-classes
[ -s "$APACHE_CP_FILE" ] || { echo "missing $APACHE_CP_FILE: run without SKIP_BUILD=1" >&2; exit 1; }
[ -f "$DRIVER_CLASSES/dev/petrel/apachebench/DriverMain.class" ] || { echo "missing the driver in $DRIVER_CLASSES: run without SKIP_BUILD=1" >&2; exit 1; }
APACHE_CP=$(cat "$APACHE_CP_FILE")
DRIVER_CP=$DRIVER_CLASSES:$APACHE_CP
export PETREL_SKIP_BUILD=1
# No Petrel server opens its fixed metrics port (5557/5558: other brokers on the machine may hold it) or a dashboard;
# Apache's broker exports no metrics by default either.
export PETREL_METRICS_EXPORTER_TYPE=DISABLE PETREL_DASHBOARD_ENABLE=false

rm -rf "$RUN"
mkdir -p "$RUN" "$OUT/logs"
: > "$OUT/runs.jsonl"
: > "$OUT/load.out"

# ---- the load tools, on the load core
driver() { # the official 5.3.1 client (Apache's class path only)
  # shellcheck disable=SC2086
  "${ON_LOAD[@]}" "$JAVA" $CLIENT_JAVA_OPTS -Duser.home="$OUT/client-home" -cp "$DRIVER_CP" \
    dev.petrel.apachebench.DriverMain "$@"
}
petrel_bench() { # Petrel's client
  PETREL_JAVA_OPTS="$CLIENT_JAVA_OPTS" PETREL_CDS=0 PETREL_LOG_DIR="$OUT/logs" "${ON_LOAD[@]}" bin/petrel bench "$@"
}

# ---- the machine
DD_MBPS=""
{
  machine_facts
  if [ "$DD_COUNT" -gt 0 ]; then
    dd_line=$(dd if=/dev/zero of="$OUT/dd.bin" bs=1M count="$DD_COUNT" conv=fdatasync 2>&1 | tail -1)
    rm -f "$OUT/dd.bin"
    DD_MBPS=$(awk '{ v = $(NF - 1); u = $NF; if (u ~ /^GB/) v *= 1000; else if (u ~ /^kB/) v /= 1000; print v }' <<< "$dd_line")
    echo "dd bs=1M count=$DD_COUNT conv=fdatasync (same file system as the stores): $dd_line"
  fi
  if [ "$PIN" = 1 ]; then echo "pinned: broker on core $BROKER_CORE, NameServer and load tool on core $LOAD_CORE (taskset)"
  else echo "not pinned"; fi
} > "$OUT/machine.txt"
cat "$OUT/machine.txt" >&2

start_namesrv "$RUN/namesrv"
if [ "$PIN" = 1 ]; then taskset -apc "$LOAD_CORE" "$NS_PID" > /dev/null; fi

# ---- one broker life per run
RUN_NO=0
broker_conf() { # kind dir port flush
  broker_conf_essentials "$1" "$CLUSTER" "$BNAME" "$2" "$3" "$4"
  echo "metricsExporterType=DISABLE" # Apache's default; Petrel's is PROM
}

wait_listen() { # port timeout_s pid: until something listens on 127.0.0.1:port
  local deadline=$(( $(now_ms) + $2 * 1000 ))
  until [ -n "$(ss -Htln "sport = :$1" 2>/dev/null)" ]; do
    if ! alive "$3"; then log "process $3 ended before its port $1 opened"; exit 1; fi
    if [ "$(now_ms)" -gt "$deadline" ]; then log "port $1 not open after $2 s"; exit 1; fi
    sleep 0.005
  done
}

# start_broker KIND FLUSH DIR: sets BROKER_PID, CLUSTER, BNAME, LISTEN_MS, REGISTERED_MS
start_broker() {
  local kind=$1 flush=$2 dir=$3 port t0
  RUN_NO=$(( RUN_NO + 1 ))
  CLUSTER=Cmp$RUN_NO
  BNAME=cmp-$kind-$RUN_NO
  next_port
  port=$PORT
  mkdir -p "$dir"
  broker_conf "$kind" "$dir" "$port" "$flush" > "$dir/broker.conf"
  t0=$(now_ms)
  if [ "$kind" = petrel ]; then
    # bin/petrel as shipped (class-data sharing included: the archive was recorded before the first run)
    PETREL_JAVA_OPTS="$PETREL_BROKER_JAVA_OPTS $PETREL_BROKER_EXTRA_OPTS" PETREL_LOG_DIR="$dir/logs" \
      "${ON_BROKER[@]}" bin/petrel broker -c "$dir/broker.conf" > "$dir/broker.out" 2>&1 &
  else
    # shellcheck disable=SC2086
    ROCKETMQ_HOME="$dir" "${ON_BROKER[@]}" "$JAVA" $APACHE_BROKER_JAVA_OPTS -Duser.home="$dir" -Drocketmq.home.dir="$dir" \
      -cp "$APACHE_CP" org.apache.rocketmq.broker.BrokerStartup -c "$dir/broker.conf" > "$dir/broker.out" 2>&1 &
  fi
  BROKER_PID=$!
  track_pid "$BROKER_PID"
  wait_listen "$port" 120 "$BROKER_PID"
  LISTEN_MS=$(( $(now_ms) - t0 ))
  if [ "$kind" = petrel ]; then
    wait_line "$dir/broker.out" "Petrel broker ready in" 120 "$BROKER_PID"
  else
    wait_line "$dir/broker.out" "boot success" 120 "$BROKER_PID"
  fi
  wait_line "$NS_LOG" "broker registered: .* $BNAME id" 120 "$BROKER_PID"
  REGISTERED_MS=$(( $(now_ms) - t0 ))
  log "$kind broker $BNAME (pid $BROKER_PID, $flush) on 127.0.0.1:$port: port open after $LISTEN_MS ms, registered after $REGISTERED_MS ms"
}

stop_broker() { # DIR: sets HWM_KB (VmHWM just before the stop)
  HWM_KB=$(awk '/^VmHWM:/ {print $2}' "/proc/$BROKER_PID/status" 2>/dev/null || echo 0)
  stop_pid "$BROKER_PID"
  rm -rf "$1/store"
}

# Petrel's client has no "read N messages" mode: it consumes for DRAIN_SECONDS. Its drain rate is the messages it
# received over the progress intervals (0.2 s) in which it received any.
DRAIN_INTERVAL=0.2
fix_drain_rate() { # load.out result.json
  local n seconds
  [ -s "$2" ] || return 0
  n=$(grep -E '^\[ *[0-9]+ s\] received [0-9,]+ msg/s' "$1" | grep -cvE 'received 0 msg/s' || true)
  [ "${n:-0}" -gt 0 ] || return 0
  seconds=$(awk -v n="$n" -v i="$DRAIN_INTERVAL" 'BEGIN { print n * i }')
  jq -c --argjson t "$seconds" '.seconds = $t | .receiveMsgsPerSec = ((.received / $t * 10 | round) / 10)
    | .receiveMiBPerSec = ((.received * 1024 / 1048576 / $t * 100 | round) / 100)
    | .note = "drain time: the 0.2 s progress intervals that received messages; CPU over the whole consume run"' \
    "$2" > "$2.tmp" && mv "$2.tmp" "$2"
}

run_one() { # target case round
  local target=$1 c=$2 round=$3 kind=petrel dir topic result rc=0 load
  [ "$target" = apache ] && kind=apache
  dir=$RUN/$c-r$round-$target
  start_broker "$kind" "${FLUSH[$c]:-ASYNC_FLUSH}" "$dir"
  topic=Cmp_${c//-/_}_r${round}_${target//-/_}
  result=$dir/result.json
  local measure=(--broker-pid "$BROKER_PID" --label "$target" --result-file "$result")
  if [ "$c" = drain-1k ]; then
    log "$target: writing the backlog ($BACKLOG × 1 KiB, official client, not measured)"
    driver fill --messages "$BACKLOG" --size 1024 --threads 2 --inflight 512 -n "$NS" -t "$topic" --create-topic \
      --cluster "$CLUSTER" --queues "$QUEUES" --interval 5 > "$dir/fill.out" 2>&1 || { log "the fill failed:"; tail -5 "$dir/fill.out" >&2; }
    log "$target: drain"
    if [ "$target" = petrel-own ]; then
      petrel_bench consume --from first --group "cmp-drain-$RUN_NO" -n "$NS" -t "$topic" --warmup 0 \
        --duration "$DRAIN_SECONDS" --interval "$DRAIN_INTERVAL" "${measure[@]}" > "$dir/load.out" 2>&1 || rc=$?
      fix_drain_rate "$dir/load.out" "$result"
    else
      driver drain --messages "$BACKLOG" --drain "$DRAIN_SECONDS" -n "$NS" -t "$topic" --interval 1 \
        --clk-tck "$CLK_TCK" "${measure[@]}" > "$dir/load.out" 2>&1 || rc=$?
    fi
  else
    if [ "$PREFILL_MIB" -gt 0 ] && [[ "$c" == e2e-* ]]; then
      # an aged store: PREFILL_MIB of 16 KiB messages on another topic first, so the e2e load runs on a CommitLog
      # that already rolled over files (with COMMITLOG_BYTES smaller than PREFILL_MIB)
      log "$target: prefilling the store with $PREFILL_MIB MiB (official client, not measured)"
      driver fill --messages $(( PREFILL_MIB * 64 )) --size 16384 --threads 2 --inflight 64 -n "$NS" -t "${topic}_prefill" \
        --create-topic --cluster "$CLUSTER" --queues "$QUEUES" --interval 5 > "$dir/prefill.out" 2>&1 \
        || { log "the prefill failed:"; tail -5 "$dir/prefill.out" >&2; }
    fi
    load=${LOAD[$c]}
    log "$target: $load"
    local common=(-n "$NS" -t "$topic" --create-topic --cluster "$CLUSTER" --queues "$QUEUES" --duration "$SECS"
      --warmup "$WARMUP" --interval 1 "${measure[@]}")
    # shellcheck disable=SC2086
    if [ "$target" = petrel-own ]; then
      petrel_bench $load "${common[@]}" > "$dir/load.out" 2>&1 || rc=$?
    else
      driver $load "${common[@]}" --clk-tck "$CLK_TCK" > "$dir/load.out" 2>&1 || rc=$?
    fi
  fi
  if [ "$rc" != 0 ]; then log "$target: the load failed (exit $rc):"; tail -5 "$dir/load.out" >&2; fi
  grep -E '^  (sent|received|errors|missing|  [0-9,]+ ×)' "$dir/load.out" | sed 's/^/#   /' >&2 || true
  { echo "== $c round $round $target"; cat "$dir/load.out"; } >> "$OUT/load.out"
  stop_broker "$dir"
  local json=null
  [ -s "$result" ] && json=$(tail -1 "$result")
  jq -nc --arg case "$c" --arg title "${TITLE[$c]}" --argjson round "$round" --arg target "$target" \
    --argjson listenMs "$LISTEN_MS" --argjson registeredMs "$REGISTERED_MS" --argjson vmHwmKb "${HWM_KB:-0}" \
    --argjson result "$json" \
    '{case: $case, title: $title, round: $round, target: $target, listenMs: $listenMs, registeredMs: $registeredMs,
      vmHwmKb: $vmHwmKb, result: $result}' >> "$OUT/runs.jsonl"
}

# ---- class-data sharing: bin/petrel records its archive when a first broker exits; do that before measuring, so
# every measured Petrel start maps the archive as a user's second start does
if [ "${PETREL_CDS:-1}" = 1 ] && [[ " $TARGETS " == *" petrel"* ]]; then
  log "recording bin/petrel's class-data-sharing archive (a broker start that is not measured)"
  start_broker petrel ASYNC_FLUSH "$RUN/cds"
  stop_broker "$RUN/cds"
fi

read -r -a TARGET_LIST <<< "$TARGETS"
N=${#TARGET_LIST[@]}
for c in $CASES; do
  for (( round = 1; round <= ROUNDS; round++ )); do
    # the order rotates by round: no target always runs first, on a machine the one before just warmed up
    for (( k = 0; k < N; k++ )); do
      run_one "${TARGET_LIST[$(( (k + round - 1) % N ))]}" "$c" "$round"
    done
  done
done

echo "load after: $(uptime | sed 's/.*load average: //')" >> "$OUT/machine.txt"
stop_pid "$NS_PID"

# ---- tables
{
  echo "<!-- written by bench/compare.sh; re-run it rather than editing by hand -->"
  if [ -n "$NOTE" ]; then echo; echo "$NOTE"; fi
  echo
  echo '```'
  cat "$OUT/machine.txt"
  echo "$SECS s per point after $WARMUP s warm-up; $ROUNDS round(s); backlog $BACKLOG; queues $QUEUES; CommitLog files $COMMITLOG_BYTES B; e2e prefill $PREFILL_MIB MiB"
  echo "cases: $CASES"
  echo "targets: $TARGETS"
  echo "Petrel broker JVM: $PETREL_BROKER_JAVA_OPTS $PETREL_BROKER_EXTRA_OPTS"
  echo "Apache broker JVM: $APACHE_BROKER_JAVA_OPTS"
  echo "load tools JVM: $CLIENT_JAVA_OPTS"
  echo '```'
  echo
  driver report --runs "$OUT/runs.jsonl" ${DD_MBPS:+--dd-mbps "$DD_MBPS"}
} > "$OUT/table.md"
cat "$OUT/table.md"

if [ "$WRITE_DOCS" = 1 ]; then
  DOC=$ROOT/docs/benchmarks.md
  if ! grep -q '<!-- COMPARE-RESULTS:BEGIN' "$DOC" || ! grep -q '<!-- COMPARE-RESULTS:END' "$DOC"; then
    log "docs/benchmarks.md has no COMPARE-RESULTS markers: the tables are in $OUT/table.md only"
  else
    awk -v f="$OUT/table.md" '
      /<!-- COMPARE-RESULTS:BEGIN/ { print; while ((getline line < f) > 0) print line; skip = 1; next }
      /<!-- COMPARE-RESULTS:END/ { skip = 0 }
      !skip' "$DOC" > "$DOC.tmp" && mv "$DOC.tmp" "$DOC"
    log "docs/benchmarks.md: the COMPARE-RESULTS section now holds $OUT/table.md"
  fi
fi
log "runs: $OUT/runs.jsonl, tables: $OUT/table.md, load output: $OUT/load.out, brokers' logs under $RUN"
