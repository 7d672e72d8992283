#!/usr/bin/env bash
# What the metrics cost a send: the broker's CPU time per message with the metrics endpoint on (metricsExporterType=
# PROM, scraped every SCRAPE_SECONDS as Prometheus would) and off (DISABLE: no endpoint, and the histograms only the
# endpoint reads are not kept), the same load (bin/petrel bench) against a fresh Petrel broker each time, the two modes
# interleaved round by round (which goes first alternates). Prints a Markdown table for docs/benchmarks.md ("Metrics on
# the send path").
#
#   bench/metrics.sh                               # 3 rounds x 2 modes, produce --sync --threads 16, 1 KiB, 30 s
#   ROUNDS=5 SCRAPE_SECONDS=1 bench/metrics.sh     # more rounds, a scrape every second (15x Prometheus' default rate)
#   LOAD="produce --async --threads 4 --inflight 1024" bench/metrics.sh
#
# Environment: ROUNDS (3), SECONDS_PER_POINT (30), WARMUP_SECONDS (5), SIZE (1024), QUEUES (8), SCRAPE_SECONDS (15),
# LOAD ("produce --sync --threads 16"), BROKER_JAVA_OPTS, CLIENT_JAVA_OPTS (as bench/e2e.sh), BENCH_OUT
# (target/bench-metrics), SKIP_BUILD=1. Everything the script starts is stopped by PID on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
ROUNDS=${ROUNDS:-3}
SECS=${SECONDS_PER_POINT:-30}
WARMUP=${WARMUP_SECONDS:-5}
SIZE=${SIZE:-1024}
QUEUES=${QUEUES:-8}
SCRAPE=${SCRAPE_SECONDS:-15}
LOAD=${LOAD:-"produce --sync --threads 16"}
BROKER_JAVA_OPTS=${BROKER_JAVA_OPTS:-"-Xms1g -Xmx1g -XX:+UseG1GC -XX:MaxDirectMemorySize=1g"}
CLIENT_JAVA_OPTS=${CLIENT_JAVA_OPTS:-"-Xms512m -Xmx1g -XX:+UseG1GC"}
OUT=${BENCH_OUT:-$ROOT/target/bench-metrics}
RUN=$OUT/run
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java

# shellcheck source=bench/lib.sh
. "$ROOT/bench/lib.sh"

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  log "building petrel-server (bin/petrel)"
  mvn -B -q -DskipTests -Dmaven.javadoc.skip=true package -pl petrel-server -am >&2
fi
rm -rf "$RUN"
mkdir -p "$RUN" "$OUT"
: > "$OUT/results.jsonl"
: > "$OUT/bench.out"
: > "$OUT/scrapes.txt"
export PETREL_SKIP_BUILD=1
# the NameServer and the load tool without an endpoint (the default of metricsExporterType); each broker's file says
export PETREL_METRICS_EXPORTER_TYPE=DISABLE
machine_facts > "$OUT/machine.txt"
cat "$OUT/machine.txt" >&2
start_namesrv "$RUN/namesrv"

BROKER_PID=
SCRAPER_PID=
start_broker() { # mode round
  local mode=$1 round=$2 dir port metrics type
  dir=$RUN/$mode-$round
  mkdir -p "$dir"
  next_port; port=$PORT
  next_port; metrics=$PORT
  type=DISABLE; [ "$mode" = on ] && type=PROM
  cat > "$dir/broker.conf" <<CONF
brokerClusterName=MetricsBench
brokerName=metrics-bench
brokerId=0
listenPort=$port
bindAddress=127.0.0.1
brokerIP1=127.0.0.1
namesrvAddr=$NS
storePathRootDir=$dir/store
flushDiskType=ASYNC_FLUSH
metricsExporterType=$type
metricsPromExporterHost=127.0.0.1
metricsPromExporterPort=$metrics
CONF
  local registrations
  registrations=$(count_lines "$NS_LOG" "broker registered: .* metrics-bench id")
  PETREL_JAVA_OPTS="$BROKER_JAVA_OPTS" PETREL_LOG_DIR="$dir/logs" \
    bin/petrel broker -c "$dir/broker.conf" > "$dir/broker.out" 2>&1 &
  BROKER_PID=$!
  track_pid "$BROKER_PID"
  wait_line "$dir/broker.out" "Petrel broker ready in" 120 "$BROKER_PID"
  wait_line "$NS_LOG" "broker registered: .* metrics-bench id" 120 "$BROKER_PID" "$registrations"
  if [ "$mode" = on ]; then
    ( while alive "$BROKER_PID"; do
        curl -s -o /dev/null -w "%{time_total} %{size_download}\n" "http://127.0.0.1:$metrics/metrics" \
          >> "$OUT/scrapes.txt" || true
        sleep "$SCRAPE"
      done ) &
    SCRAPER_PID=$!
    track_pid "$SCRAPER_PID"
  fi
  log "broker with metrics $mode: pid $BROKER_PID on 127.0.0.1:$port"
}

stop_broker() {
  [ -n "$SCRAPER_PID" ] && stop_pid "$SCRAPER_PID"
  SCRAPER_PID=
  stop_pid "$BROKER_PID"
}

for round in $(seq "$ROUNDS"); do
  order=(on off)
  if [ $(( round % 2 )) = 0 ]; then order=(off on); fi
  for mode in "${order[@]}"; do
    start_broker "$mode" "$round"
    log "metrics $mode, round $round: bench $LOAD --size $SIZE"
    for attempt in 1 2; do # a second try when the tool could not start (a NameServer that did not answer in time)
      # shellcheck disable=SC2086
      if PETREL_JAVA_OPTS="$CLIENT_JAVA_OPTS" PETREL_CDS=0 PETREL_LOG_DIR="$OUT/logs" bin/petrel bench $LOAD \
          -n "$NS" -t "MetricsBench$round$mode" --create-topic --cluster MetricsBench --queues "$QUEUES" \
          --size "$SIZE" --duration "$SECS" --warmup "$WARMUP" --interval 10 --label "metrics-$mode" \
          --broker-pid "$BROKER_PID" --result-file "$OUT/results.jsonl" > "$OUT/last.out" 2>&1; then
        break
      fi
      log "the load failed (attempt $attempt):"; tail -3 "$OUT/last.out" >&2
    done
    cat "$OUT/last.out" >> "$OUT/bench.out"
    stop_broker
  done
done
echo "load after: $(uptime | sed 's/.*load average: //')" >> "$OUT/machine.txt"
stop_pid "$NS_PID"

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
cpu() { jq -r "select(.label == \"metrics-$1\") | .brokerCpuMicrosPerMessage" "$OUT/results.jsonl"; }
rate() { jq -r "select(.label == \"metrics-$1\") | .sendMsgsPerSec" "$OUT/results.jsonl"; }
{
  echo '```'
  cat "$OUT/machine.txt"
  echo "load: bench $LOAD --size $SIZE, $SECS s after $WARMUP s warm-up, $ROUNDS rounds; a scrape every $SCRAPE s when on"
  echo '```'
  echo
  echo "| metrics | broker CPU per message, µs (each round) | median | msgs/s (each round) |"
  echo "|---|---|---|---|"
  for mode in on off; do
    echo "| $mode | $(cpu $mode | paste -sd' ' | sed 's/ /, /g') | $(cpu $mode | median) | $(rate $mode | paste -sd' ' | sed 's/ /, /g') |"
  done
  on=$(cpu on | median); off=$(cpu off | median)
  awk -v a="$on" -v b="$off" 'BEGIN { if (b > 0) printf "\nmedian on / median off: %+.1f %%\n", (a / b - 1) * 100 }'
  if [ -s "$OUT/scrapes.txt" ]; then
    echo "scrapes: $(wc -l < "$OUT/scrapes.txt"), median $(awk '{ print $1 * 1000 }' "$OUT/scrapes.txt" | median) ms, $(awk '{ print $2 }' "$OUT/scrapes.txt" | median) bytes"
  fi
} | tee "$OUT/table.md"
log "results: $OUT/results.jsonl, table: $OUT/table.md"
