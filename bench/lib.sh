# Shared by the benchmark scripts (bench/e2e.sh, bench/ha.sh, bench/compare.sh); sourced, not run. Defines:
#   log MESSAGE...            a timestamped line on stderr
#   now_ms                    wall-clock milliseconds
#   PIDS, track_pid PID       every process the script starts; stopped on exit (SIGTERM, then SIGKILL after 30 s)
#   alive PID, stop_pid PID   stop_pid also forgets the PID, so a number the system reuses later is never signalled
#   next_port                 sets PORT to a free loopback port P whose neighbours P-2..P+1 are free too (and not
#                             handed out before)
#   count_lines FILE REGEX, wait_line FILE REGEX TIMEOUT_S PID [MIN_COUNT]
#   start_namesrv DIR         a Petrel NameServer (sets NS, NS_PID, NS_LOG)
#   broker_conf_essentials KIND CLUSTER NAME DIR PORT FLUSH   the broker.conf lines both brokers share (a benchmark's
#                             equal settings), and Apache's own (KIND apache or petrel); needs NS and COMMITLOG_BYTES
#   machine_facts             date, CPU, memory, kernel, java, disk of $OUT, load (for the tables' header)
# The caller has `set -euo pipefail` and sets JAVA (the java binary) and OUT (the output directory) before using them.

log() { echo "# $(date +%H:%M:%S) $*" >&2; }
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# ---- processes: every PID the script starts, stopped on exit
PIDS=()
track_pid() { PIDS+=("$1"); }
alive() { # a process that ended but was not yet reaped is a zombie: not alive
  [ -e "/proc/$1" ] && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != Z ]
}
forget_pid() {
  local kept=() p
  for p in "${PIDS[@]}"; do [ "$p" = "$1" ] || kept+=("$p"); done
  PIDS=("${kept[@]}")
}
stop_pid() {
  local pid=$1 i
  if alive "$pid" && kill -TERM "$pid" 2>/dev/null; then
    for i in $(seq 300); do alive "$pid" || break; sleep 0.1; done
    if alive "$pid"; then log "pid $pid did not stop within 30 s: SIGKILL"; kill -KILL "$pid" 2>/dev/null || true; fi
  fi
  wait "$pid" 2>/dev/null || true
  forget_pid "$pid"
}
cleanup() {
  local pid
  for pid in "${PIDS[@]}"; do stop_pid "$pid"; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- ports: bind 127.0.0.1 only; RocketMQ brokers also listen on listenPort-2 (VIP channel) and listenPort+1 (HA)
# next_port sets PORT (not a function's output: $(...) runs in a subshell, which would forget the reservation)
USED_PORTS=" "
PORT=
port_free() { [ -z "$(ss -Htln "sport = :$1" 2>/dev/null)" ] && [[ "$USED_PORTS" != *" $1 "* ]]; }
next_port() {
  local p _
  for _ in $(seq 500); do
    p=$(( 20000 + RANDOM % 30000 ))
    if port_free $((p - 2)) && port_free $((p - 1)) && port_free "$p" && port_free $((p + 1)); then
      USED_PORTS="$USED_PORTS$((p - 2)) $((p - 1)) $p $((p + 1)) "
      PORT=$p
      return
    fi
  done
  echo "no free port found" >&2
  exit 1
}

# count_lines FILE REGEX: how many lines match, 0 while FILE does not exist yet (grep -c prints nothing then)
count_lines() {
  local n
  n=$(grep -cE "$2" "$1" 2>/dev/null || true)
  echo "${n:-0}"
}

# wait_line FILE REGEX TIMEOUT_S PID [MIN_COUNT]: until FILE has more than MIN_COUNT lines matching REGEX
wait_line() {
  local file=$1 regex=$2 timeout=$3 pid=$4 min=${5:-0} deadline
  deadline=$(( $(now_ms) + timeout * 1000 ))
  while [ "$(count_lines "$file" "$regex")" -le "$min" ]; do
    if ! alive "$pid"; then log "process $pid ended before '$regex' appeared in $file:"; tail -20 "$file" >&2; exit 1; fi
    if [ "$(now_ms)" -gt "$deadline" ]; then log "no '$regex' in $file after $timeout s"; tail -20 "$file" >&2; exit 1; fi
    sleep 0.02
  done
}

# start_namesrv DIR: a Petrel NameServer on a free loopback port, its files in DIR; sets NS (host:port), NS_PID and
# NS_LOG (its log file) and returns once it is ready
start_namesrv() {
  local dir=$1
  next_port
  NS=127.0.0.1:$PORT
  mkdir -p "$dir"
  printf 'listenPort=%s\nbindAddress=127.0.0.1\nkvConfigPath=%s\n' "$PORT" "$dir/kvConfig.json" > "$dir/namesrv.conf"
  PETREL_CDS=0 PETREL_LOG_DIR="$dir" bin/petrel namesrv -c "$dir/namesrv.conf" > "$dir/namesrv.out" 2>&1 &
  NS_PID=$!
  track_pid "$NS_PID"
  wait_line "$dir/namesrv.out" "Petrel namesrv ready in" 60 "$NS_PID"
  NS_LOG=$dir/namesrv.log
  log "NameServer on $NS (pid $NS_PID)"
}

broker_conf_essentials() {
  cat <<EOF
brokerClusterName=$2
brokerName=$3
brokerId=0
listenPort=$5
bindAddress=127.0.0.1
brokerIP1=127.0.0.1
namesrvAddr=$NS
storePathRootDir=$4/store
storePathCommitLog=$4/store/commitlog
mappedFileSizeCommitLog=$COMMITLOG_BYTES
flushDiskType=$6
autoCreateTopicEnable=true
EOF
  if [ "$1" = apache ]; then
    # Apache-only: its role, home, and its shortest registration period
    printf 'brokerRole=ASYNC_MASTER\nrocketmqHome=%s\nregisterNameServerPeriod=10000\n' "$4"
  fi
}

machine_facts() {
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "cpu: $(nproc) x $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
  echo "memory: $(free -g | awk '/^Mem:/ {print $2}') GiB"
  echo "kernel: $(uname -r)"
  echo "java: $("$JAVA" -version 2>&1 | head -1)"
  echo "disk: $(df -h "$OUT" | awk 'NR==2 {print $1 ", " $4 " free"}')"
  echo "load before: $(uptime | sed 's/.*load average: //')"
}
