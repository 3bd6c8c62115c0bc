#!/usr/bin/env bash
# The window during many wipes: does the JavaFX Application Thread stay idle enough?
# It starts Xvfb, opens the window (java -jar JAR without arguments) with N loop devices over
# /dev/shm, ticks them all and wipes them at once by keyboard (xdotool), and samples the CPU time
# of the FX thread, of the whole process and the number of jobs every second.
#
# Usage (root): src/bench/window.sh [--method M] [--screenshot PATH] [--cpus C] [N] [SIZE_MIB]
#   N                  number of loop devices (default 12)
#   SIZE_MIB           size of each, in MiB (default 1024)
#   --method M         a method of `blockwipe methods`, several passes so that it runs a while
#                      (default dod-short)
#   --screenshot PATH  where to save a screenshot taken during the run
#                      (default /tmp/blockwipe-window-bench.png)
#   --cpus C           run the window in a CPU cgroup of its own, limited to C cores' time (e.g. 1
#                      or 0.5): a slower machine on this one, jobs, window and renderer together
# Environment: BLOCKWIPE_JAR, the jar to measure (default: target/blockwipe.jar in this repository),
#   or BLOCKWIPE, the command to measure instead of java -jar (e.g. /opt/blockwipe/bin/blockwipe).
#
# Target: the FX thread under 10 % of one core over the run, and frames still drawn. Beside its CPU
# time it prints how long the FX thread waited for a CPU while it could run (schedstat): a thread
# that is starved, not idle, also uses little CPU, and the frames then stop.
#
# Safety. The window lists every device of the machine, and the keyboard ticks rows by position,
# so the rows it ticks must be ours whatever else is attached meanwhile:
# - our devices get consecutive high numbers (loop200 and up, the first free stretch), so that
#   devices attached by others with `losetup -f` sort above them;
# - a read-only guard device right above and right below them: BLOCKED, so it cannot be ticked,
#   and a selection one row off ticks a guard instead of someone else's device;
# - we walk up from the last row, past the rows that `blockwipe list --json` shows below ours,
#   and check the list again after ticking;
# - the wipe dialog must say exactly N targets ("Wipe N devices"), else Escape and stop;
# - afterwards the certificates must name exactly our devices.
set -euo pipefail
export LC_ALL=C   # a decimal point in EPOCHREALTIME and printf, whatever the locale

usage() { sed -n '7,17s/^# \{0,1\}//p' "$0"; exit "${1:-2}"; }
command_line=$(printf '%q ' "$0" "$@")
method=dod-short
shot=/tmp/blockwipe-window-bench.png
cpus=
args=()
while [ $# -gt 0 ]; do
  case $1 in
    --method) [ $# -ge 2 ] || usage; method=$2; shift 2 ;;
    --method=*) method=${1#--method=}; shift ;;
    --screenshot) [ $# -ge 2 ] || usage; shot=$2; shift 2 ;;
    --screenshot=*) shot=${1#--screenshot=}; shift ;;
    --cpus) [ $# -ge 2 ] || usage; cpus=$2; shift 2 ;;
    --cpus=*) cpus=${1#--cpus=}; shift ;;
    -h|--help) usage 0 ;;
    -*) echo "unknown option $1" >&2; usage ;;
    *) args+=("$1"); shift ;;
  esac
done
[ ${#args[@]} -le 2 ] || usage
count=${args[0]:-12}
size_mib=${args[1]:-1024}
for n in "$count" "$size_mib"; do [[ $n =~ ^[1-9][0-9]*$ ]] || usage; done
if [ -n "$cpus" ]; then [[ $cpus =~ ^[0-9]*\.?[0-9]+$ ]] && awk -v c="$cpus" 'BEGIN {exit !(c >= 0.01)}' || usage; fi

source "$(dirname "$0")/common.sh"
needs java jq openssl Xvfb xdotool import compare losetup blockdev getconf awk timeout
# The method's place in the dialog's list: the same order as `blockwipe methods`.
method_index=$("${blockwipe[@]}" methods 2>/dev/null | awk -v m="$method" '/^[a-z]/ {if ($1 == m) {print n; exit}; n++}')
[ -n "$method_index" ] || { echo "no method $method (see: ${blockwipe[*]} methods)" >&2; exit 2; }

workspace window
xvfb_pid=
app_pid=
cgroup=
before_exit() {
  if [ -n "$app_pid" ]; then
    kill "$app_pid" 2>/dev/null || true
    timeout 10 tail --pid="$app_pid" -f /dev/null || kill -9 "$app_pid" 2>/dev/null || true
  fi
  if [ -n "$cgroup" ]; then rmdir "$cgroup" 2>/dev/null || true; fi
  if [ -n "$xvfb_pid" ]; then kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true; fi
}
fail() { echo "$*" >&2; exit 1; }
# A command that fails stops the script (set -e); say which, and what the window said last.
trap 'echo "window.sh: line $LINENO failed: $BASH_COMMAND" >&2; [ ! -s "$work/app.log" ] || tail -n 5 "$work/app.log" >&2' ERR

machine

# --- devices: guard, N of ours, guard --------------------------------------------------------------

attached() { [ -e "/sys/block/loop$1/loop" ]; }
base=200
while :; do
  free=1
  for k in $(seq $((base - 1)) $((base + count))); do if attached "$k"; then free=0; base=$((k + 2)); break; fi; done
  [ "$free" = 0 ] || break
done
attach() {  # attach INDEX SIZE [losetup option...]: a loop device over a new image in /dev/shm
  local index=$1 size=$2 img; shift 2
  img=$(mktemp /dev/shm/blockwipe-window.XXXXXX.img)
  images+=("$img")
  truncate -s "$size" "$img"
  losetup "$@" "/dev/loop$index" "$img"   # refused if someone took this number meanwhile
}
attach $((base - 1)) 1M -r
devs=()
for k in $(seq "$base" $((base + count - 1))); do
  attach "$k" "${size_mib}M"
  devs+=("/dev/loop$k")
done
attach $((base + count)) 1M -r
bytes=$(blockdev --getsize64 "${devs[0]}")
for dev in "${devs[@]}"; do
  head -c "$bytes" /dev/zero | openssl enc -aes-256-ctr -nosalt -pbkdf2 -pass pass:blockwipe-bench \
    | dd of="$dev" bs=4M iflag=fullblock oflag=direct conv=fdatasync status=none
done
printf '%s\n' "${devs[@]}" >"$work/devices"
echo "devices:   $count x $size_mib MiB over /dev/shm, prefilled with non-zero data: ${devs[0]} .. ${devs[-1]}" \
     "(read-only guards loop$((base - 1)) and loop$((base + count)))"

# rows_below: how many rows the device tree shows below our last device (disks in natural order,
# each with its partitions), after checking that the guards and our devices are consecutive rows.
rows_below() {
  local names=(loop$((base - 1)) "${devs[@]#/dev/}" loop$((base + count)))
  "${blockwipe[@]}" list --json 2>/dev/null | jq -r --argjson ours "$(printf '%s\n' "${names[@]}" | jq -R . | jq -s .)" '
    [.disks[] | {name, rows: (1 + (.partitions | length))}] as $d
    | ($d | map(.name) | index($ours[0])) as $i
    | if $i != null and ($d[$i:$i + ($ours | length)] | map(.name)) == $ours
          and ($d[$i:$i + ($ours | length)] | all(.rows == 1))
      then [$d[$i + ($ours | length) - 1:][].rows] | add
      else "not consecutive: \($d | map(.name) | join(" "))" end'
}
below=$(rows_below)
[[ $below =~ ^[0-9]+$ ]] || fail "our devices and guards are not consecutive rows ($below); nothing was written"

# --- the window --------------------------------------------------------------------------------------

# Settings of our own (operator named, so the dialog focuses the confirmation; certificates and
# journals in the work directory), not root's.
mkdir -m 700 "$work/config" "$work/config/blockwipe"
printf 'operator=window bench\norganisation=blockwipe\nreportDir=%s\njournalDir=%s\n' "$work/reports" "$work/journals" \
  >"$work/config/blockwipe/blockwipe.properties"
chmod 600 "$work/config/blockwipe/blockwipe.properties"

# -displayfd: Xvfb picks a free display itself and writes its number once it accepts clients.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
xvfb_pid=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || fail "Xvfb did not start: $(tail -3 "$work/xvfb.log")"
DISPLAY=:$(head -1 "$work/display")
export DISPLAY
# --cpus: a cgroup of ours (v2's cpu.max, or v1's cpu controller), which the window's process
# enters before it starts, so that every thread it makes is in it.
launch=()
if [ -n "$cpus" ]; then
  quota=$(awk -v c="$cpus" 'BEGIN {printf "%d", c * 100000}')
  if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
    cgroup=$(mktemp -d /sys/fs/cgroup/blockwipe-window.XXXXXX) && echo "$quota 100000" >"$cgroup/cpu.max"
  else
    cgroup=$(mktemp -d /sys/fs/cgroup/cpu/blockwipe-window.XXXXXX) && echo 100000 >"$cgroup/cpu.cfs_period_us" \
      && echo "$quota" >"$cgroup/cpu.cfs_quota_us"
  fi || fail "cannot make a CPU cgroup for --cpus (cgroup v2 with the cpu controller, or v1's cpu hierarchy)"
  launch=(sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$cgroup")
  echo "cpus:      the window limited to $cpus cores' time ($cgroup)"
fi
XDG_CONFIG_HOME=$work/config "${launch[@]}" "${blockwipe[@]}" >"$work/app.log" 2>&1 &
app_pid=$!
window=$(timeout 60 xdotool search --sync --class blockwipe | head -1) || fail "no window after 60 s: $(tail -5 "$work/app.log")"
sleep 3   # the first inventory scan fills the tree
echo "window:    $DISPLAY, pid $app_pid, X window $window"

shots=$work/shots
mkdir "$shots"
key() { xdotool key --clearmodifiers "$@"; sleep 0.3; }
abandon() {
  import -window root "$shots/failed.png" && cp "$shots/failed.png" "$shot"
  fail "$* (screenshot: $shot); nothing was written"
}

# Focus the tree by a click on the first row, away from its check box; then the last row, up past
# the rows below ours, and tick our devices from the last to the first.
xdotool mousemove --window "$window" 300 100 click 1
sleep 0.5
key F5
sleep 2
key End
for _ in $(seq "$below"); do key Up; done
key space
for _ in $(seq $((count - 1))); do key Up; key space; done
[ "$(rows_below)" = "$below" ] || abandon "the device list changed while ticking"

key alt+w
if [ "$count" = 1 ]; then title="Wipe ${devs[0]#/dev/}" confirmation=${devs[0]#/dev/}; else title="Wipe $count devices" confirmation="WIPE $count DISKS"; fi
# The whole title: a tooltip of the Wipe button is a window too, and may close before we look.
timeout 30 xdotool search --sync --name "^$title\$" >/dev/null || { key Escape; abandon "no dialog \"$title\""; }
sleep 1
# The confirmation field has the focus; then the method list (Alt+M), its first entry, down to ours.
xdotool type --delay 30 "$confirmation"
key alt+m
key Home
for _ in $(seq "$method_index"); do key Down; done
key alt+w   # the dialog's Wipe button (_Wipe); Enter never wipes

# --- sampling ---------------------------------------------------------------------------------------

tick=$(getconf CLK_TCK)
fx=
for t in /proc/"$app_pid"/task/*; do
  if [[ $(cat "$t/comm") == "JavaFX Applicat"* ]]; then fx=$t; fi
done
[ -n "$fx" ] || fail "no JavaFX Application Thread in process $app_pid"
cpu_ticks() { sed 's/.*) //' "$1/stat" | awk '{print $12 + $13}'; }   # utime + stime, after "(comm)"
# nanoseconds on a CPU and waiting for one (schedstat's first two fields; 0 0 without CONFIG_SCHEDSTATS)
run_wait() { if [ -r "$1/schedstat" ]; then cut -d' ' -f1,2 "$1/schedstat"; else echo 0 0; fi; }
jobs_running() {  # our devices the process has open: a job holds its device from start to end
  # find fails when a descriptor closes while it reads the folder (the jobs open and close their
  # journals and certificates all the time); what it did read still counts
  { find "/proc/$app_pid/fd" -mindepth 1 -printf '%l\n' 2>/dev/null || true; } | { grep -Fx -f "$work/devices" || true; } \
    | sort -u | wc -l
}

for _ in $(seq 60); do [ "$(jobs_running)" -gt 0 ] && break; sleep 0.5; done
[ "$(jobs_running)" -gt 0 ] || abandon "no job started within 30 s of pressing Wipe"

echo
echo "sampling every second while the jobs run (CPU in % of one core since the previous sample):"
printf '%8s %10s %10s %6s\n' time "FX thread" process jobs
times=() fxs=() procs=() shot_pids=()
start=$EPOCHREALTIME
read -r fx_run0 fx_wait0 < <(run_wait "$fx")
max_jobs=0
shots_taken=0
while :; do
  now=$EPOCHREALTIME
  f=$(cpu_ticks "$fx") p=$(cpu_ticks "/proc/$app_pid") j=$(jobs_running)
  times+=("$now") fxs+=("$f") procs+=("$p")
  [ "$j" -le "$max_jobs" ] || max_jobs=$j
  n=${#times[@]}
  if [ "$n" -gt 1 ]; then
    awk -v t0="${times[n - 2]}" -v t1="$now" -v s="$start" -v f0="${fxs[n - 2]}" -v f1="$f" -v p0="${procs[n - 2]}" -v p1="$p" \
        -v hz="$tick" -v j="$j" 'BEGIN {d = (t1 - t0) * hz; printf "%7.1fs %9.1f%% %9.1f%% %6d\n", t1 - s, 100 * (f1 - f0) / d, 100 * (p1 - p0) / d, j}'
  fi
  [ "$j" -gt 0 ] || break
  # Two screenshots 2 s apart, early in the run: the graphs' time axis moves, so a frame drawn
  # in between makes them differ. In the background, so that the samples keep their pace.
  if [ "$shots_taken" -lt 2 ] && [ "$n" -eq $((2 + 2 * shots_taken)) ]; then
    import -window root "$shots/$shots_taken.png" &
    shot_pids+=($!)
    shots_taken=$((shots_taken + 1))
  fi
  sleep 1
done

read -r fx_run1 fx_wait1 < <(run_wait "$fx")

# --- results -----------------------------------------------------------------------------------------

summary=$(awk -v hz="$tick" -v fx="${fxs[*]}" -v pr="${procs[*]}" -v ts="${times[*]}" 'BEGIN {
  n = split(ts, t, " "); split(fx, f, " "); split(pr, p, " ")
  d = (t[n] - t[1]) * hz
  printf "%.1f %.1f %.1f", t[n] - t[1], 100 * (f[n] - f[1]) / d, 100 * (p[n] - p[1]) / d
  # the most over any 5 s: consecutive samples spanning at least 5 s, from each start
  m = -1
  for (i = 1; i <= n; i++) for (k = i + 1; k <= n; k++) if (t[k] - t[i] >= 5) {
    v = 100 * (f[k] - f[i]) / ((t[k] - t[i]) * hz); if (v > m) m = v; break }
  if (m < 0) printf " -"; else printf " %.1f", m }')
read -r run_s fx_pct proc_pct fx_max5 <<<"$summary"

# Every certificate names one of our devices, and every one of ours has one (ERASED, our method).
for _ in $(seq 30); do [ "$(find "$work/reports" -name '*.json' 2>/dev/null | wc -l)" -ge "$count" ] && break; sleep 1; done
certified=$(cat "$work/reports"/*.json 2>/dev/null | jq -rs --arg m "$method" \
  '.[] | "\(.device.path) \(.result.state) \(.sanitization.method == $m)"' | sort)
expected=$(printf '%s ERASED true\n' "${devs[@]}" | sort)

echo
echo "run:       $run_s s (from the first job until the last one closed its device), at most $max_jobs jobs at once"
if [ "$certified" = "$expected" ]; then
  echo "result:    $count certificates, every device ERASED with $method"
else
  echo "result:    the certificates do not match our $count devices erased with $method:"
  printf '           %s\n' "${certified:-none}"
fi
echo "FX thread: $fx_pct % of one core over the run, at most $fx_max5 % over 5 s" \
     "(target < 10 %: $(awk -v v="$fx_pct" 'BEGIN {print (v < 10 ? "met" : "NOT met")}'))"
echo "process:   $proc_pct % of one core over the run"
awk -v r=$((fx_run1 - fx_run0)) -v w=$((fx_wait1 - fx_wait0)) -v s="$run_s" 'BEGIN {
  if (r + w > 0) printf "FX waits:  %.1f s of the %.1f s run for a CPU while it could run (%.0f %% of its runnable time)\n", w / 1e9, s, 100 * w / (r + w) }'
for pid in "${shot_pids[@]}"; do wait "$pid"; done
if [ "$shots_taken" = 2 ]; then
  # compare exits with 1 when the images differ; the number of differing pixels is what counts
  differing=$(compare -metric AE "$shots/0.png" "$shots/1.png" null: 2>&1 || true)
  echo "frames:    two screenshots 2 s apart differ in $differing pixels" \
       "($(awk -v d="$differing" 'BEGIN {print (d + 0 > 0 ? "drawn" : "NOT drawn: the window froze")}'))"
  cp "$shots/1.png" "$shot"
  echo "screenshot: $shot"
else
  echo "frames:    the run was too short for two screenshots 2 s apart (more devices, a larger SIZE_MIB or a longer --method)"
fi
[ "$certified" = "$expected" ]
