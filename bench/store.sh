#!/usr/bin/env bash
# Storage benchmarks: raw sequential write bandwidth (dd), Petrel's store and Apache RocketMQ 5.3.1's store with the
# same workload, on the same file system. Prints a Markdown table for docs/benchmarks.md ("Storage").
#
#   bench/store.sh                 # full matrix, 5 s per point
#   SECONDS_PER_POINT=2 bench/store.sh
#   BENCH_DIR=/mnt/fast/bench bench/store.sh   # the directory decides the disk being measured
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BENCH_DIR=${BENCH_DIR:-/tmp/petrel-store-bench}
SECS=${SECONDS_PER_POINT:-5}
OUT=${BENCH_OUT:-$ROOT/target/bench-store}
mkdir -p "$BENCH_DIR" "$OUT"

echo "# building (petrel-benchmarks, petrel-compat-tests test classes)" >&2
mvn -B -q -pl petrel-benchmarks -am compile dependency:build-classpath -Dmdep.outputFile="$OUT/petrel.cp" >&2
mvn -B -q -pl petrel-compat-tests -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$OUT/apache.cp" >&2
PETREL_CP="$ROOT/petrel-benchmarks/target/classes:$(cat "$OUT/petrel.cp")"
APACHE_CP="$ROOT/petrel-compat-tests/target/test-classes:$(cat "$OUT/apache.cp")"
JAVA_OPTS=(-Xms2g -Xmx2g -XX:+UseG1GC -XX:+AlwaysPreTouch)

echo "# raw sequential write bandwidth: dd bs=1M count=1024 conv=fdatasync in $BENCH_DIR" >&2
DD=$(dd if=/dev/zero of="$BENCH_DIR/dd.bin" bs=1M count=1024 conv=fdatasync 2>&1 | tail -1)
rm -f "$BENCH_DIR/dd.bin"
DD_BYTES=$(echo "$DD" | awk '{print $1}')
DD_SECS=$(echo "$DD" | sed -E 's/.*copied, ([0-9.]+) s.*/\1/')
DD_MIBS=$(awk -v b="$DD_BYTES" -v s="$DD_SECS" 'BEGIN { printf "%.1f", b / s / 1048576 }')
echo "RAW dd $DD_MIBS MiB/s ($DD)" | tee "$OUT/results.txt"

run() { # impl op args...
  local impl=$1; shift
  if [ "$impl" = petrel ]; then
    java "${JAVA_OPTS[@]}" -cp "$PETREL_CP" dev.petrel.benchmarks.store.StoreAppendBench "$@" 2>>"$OUT/petrel.log"
  else
    java "${JAVA_OPTS[@]}" -cp "$APACHE_CP" dev.petrel.compat.store.bench.ApacheStoreAppendBench "$@" 2>>"$OUT/apache.log"
  fi | grep '^RESULT' | tee -a "$OUT/results.txt"
}

for flush in ASYNC_FLUSH SYNC_FLUSH; do
  for size in 128 1024 16384; do
    for threads in 1 64; do
      for impl in petrel apache; do
        run $impl append "$BENCH_DIR/$impl" "$size" "$threads" "$flush" "$SECS" >&2
      done
    done
  done
done
for impl in petrel apache; do
  run $impl read "$BENCH_DIR/$impl" 1024 200000 >&2
done

# Markdown table
awk -v dd="$DD_MIBS" '
  /^RESULT/ { key=$3" "$4" "$5" "$6; if ($2=="petrel") { p[key]=$7; pm[key]=$8; order[++n]=key } else { a[key]=$7; am[key]=$8 } }
  END {
    printf "Raw sequential write (dd bs=1M count=1024 conv=fdatasync): **%s MiB/s**\n\n", dd
    print "| operation | flush | body bytes | appenders | Petrel msgs/s | Petrel MiB/s | Apache 5.3.1 msgs/s | Apache MiB/s | Petrel / Apache |"
    print "|---|---|---|---|---|---|---|---|---|"
    for (i = 1; i <= n; i++) { k = order[i]; split(k, f, " ")
      ratio = (a[k] > 0) ? sprintf("%.2f", p[k] / a[k]) : "-"
      printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", f[1], f[2], f[3], f[4], p[k], pm[k], a[k], am[k], ratio }
  }' "$OUT/results.txt" | tee "$OUT/table.md"
