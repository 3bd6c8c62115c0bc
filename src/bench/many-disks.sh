#!/usr/bin/env bash
# Many disks at once: one Blockwipe command wiping N devices and reading them back, against N
# parallel dd writes each followed by its own read-back with cmp.
#
# Usage (root): src/bench/many-disks.sh [--memory SIZE] [N] [SIZE_MIB] [ROUNDS]
#   N              number of loop devices over /dev/shm (default 12)
#   SIZE_MIB       size of each, in MiB (default 512)
#   ROUNDS         rounds; the two sides take turns going first (default 3)
#   --memory SIZE  passed to `blockwipe wipe --memory SIZE` (only when given)
# Environment: BLOCKWIPE_JAR, the jar to measure (default: target/blockwipe.jar in this repository),
#   or BLOCKWIPE, the command to measure instead of java -jar (e.g. /opt/blockwipe/bin/blockwipe).
#
# Targets: Blockwipe takes at most 1.25 times as long as dd+cmp (wall clock of the whole command,
# JVM start and certificates included), with a peak RSS of at most 1024 MiB.
set -euo pipefail
export LC_ALL=C   # a decimal point in EPOCHREALTIME and printf, whatever the locale

usage() { sed -n '5,11s/^# \{0,1\}//p' "$0"; exit "${1:-2}"; }
command_line=$(printf '%q ' "$0" "$@")
memory=()
args=()
while [ $# -gt 0 ]; do
  case $1 in
    --memory) [ $# -ge 2 ] || usage; memory=(--memory "$2"); shift 2 ;;
    --memory=*) memory=(--memory "${1#--memory=}"); shift ;;
    -h|--help) usage 0 ;;
    -*) echo "unknown option $1" >&2; usage ;;
    *) args+=("$1"); shift ;;
  esac
done
[ ${#args[@]} -le 3 ] || usage
count=${args[0]:-12}
size_mib=${args[1]:-512}
rounds=${args[2]:-3}
for n in "$count" "$size_mib" "$rounds"; do [[ $n =~ ^[1-9][0-9]*$ ]] || usage; done

source "$(dirname "$0")/common.sh"
needs java jq openssl dd cmp losetup blockdev awk /usr/bin/time

workspace many

machine

devs=()
yes=()
for _ in $(seq "$count"); do
  img=$(mktemp /dev/shm/blockwipe-many.XXXXXX.img)
  images+=("$img")
  truncate -s "${size_mib}M" "$img"
  dev=$(losetup -f --show "$img")
  devs+=("$dev")
  yes+=(--yes="${dev#/dev/}")
done
bytes=$(blockdev --getsize64 "${devs[0]}")
# Non-zero data everywhere before the first round (tmpfs pages allocated, nothing reads as zero
# by luck). Both sides then write zeroes over zeroes, so no refill is needed between them.
for dev in "${devs[@]}"; do
  head -c "$bytes" /dev/zero | openssl enc -aes-256-ctr -nosalt -pbkdf2 -pass pass:blockwipe-bench \
    | dd of="$dev" bs=4M iflag=fullblock oflag=direct conv=fdatasync status=none
done
echo "devices:   $count x $size_mib MiB over /dev/shm (${devs[*]}), prefilled with non-zero data"

bw_cmd=("${blockwipe[@]}" wipe "${devs[@]}" -m zero --verify last "${yes[@]}" --json
        --report-dir "$work/bw" --config-dir "$work/bw" --journal-dir "$work/bw" "${memory[@]}")
echo "blockwipe: ${bw_cmd[*]}"
echo "peer:      per device, in parallel: dd if=/dev/zero of=DEV bs=4M oflag=direct conv=fdatasync; blockdev --flushbufs DEV; cmp -n $bytes DEV /dev/zero"
echo

blockwipe_round() {
  local r=$1 out=$work/bw.$1 wall rss erased longest
  /usr/bin/time -v -o "$out.time" "${bw_cmd[@]}" >"$out.json" 2>"$out.err" \
    || { echo "blockwipe failed:" >&2; tail -n 20 "$out.err" >&2; return 1; }
  # "Elapsed (wall clock) time (h:mm:ss or m:ss): 0:05.12"
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s}' "$out.time")
  rss=$(awk -F': ' '/Maximum resident set size/ {printf "%d", $2 / 1024}' "$out.time")
  erased=$(jq -s '[.[] | select(.event == "finished" and .result.state == "ERASED" and .result.finalVerification.passed)] | length' "$out.json")
  [ "$erased" = "$count" ] || { echo "blockwipe erased and verified $erased of $count devices" >&2; return 1; }
  longest=$(jq -s '[.[] | select(.event == "finished") | .result.durationSeconds] | max' "$out.json")
  bw_times+=("$wall")
  bw_rss+=("$rss")
  printf 'round %d  blockwipe  %8.3f s   peak RSS %5d MiB   (longest job, as it reports it: %.3f s)\n' "$r" "$wall" "$rss" "$longest"
}

dd_cmp_round() {
  local r=$1 start dev pid failed=0 t
  local pids=()
  start=$EPOCHREALTIME
  for dev in "${devs[@]}"; do
    # cmp reads through the page cache (buffered, with readahead), where Blockwipe reads with
    # O_DIRECT. dd's O_DIRECT writes leave nothing of DEV cached, but flush its buffers anyway, as
    # Blockwipe does (BLKFLSBUF) before its read-back, so cmp certainly reads the device.
    (
      dd if=/dev/zero of="$dev" bs=4M count=$((bytes / 4194304)) oflag=direct conv=fdatasync status=none
      blockdev --flushbufs "$dev"
      cmp -n "$bytes" "$dev" /dev/zero
    ) &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=$((failed + 1)); done
  t=$(seconds_since "$start")
  [ "$failed" = 0 ] || { echo "dd+cmp failed on $failed of $count devices" >&2; return 1; }
  # Drop what cmp left in the page cache, so that every round starts alike.
  for dev in "${devs[@]}"; do blockdev --flushbufs "$dev"; done
  dd_times+=("$t")
  printf 'round %d  dd+cmp     %8.3f s\n' "$r" "$t"
}

bw_times=() bw_rss=() dd_times=()
for r in $(seq "$rounds"); do
  if [ $((r % 2)) = 1 ]; then blockwipe_round "$r"; dd_cmp_round "$r"; else dd_cmp_round "$r"; blockwipe_round "$r"; fi
done

bw_med=$(median "${bw_times[@]}")
dd_med=$(median "${dd_times[@]}")
peak=$(printf '%s\n' "${bw_rss[@]}" | sort -n | tail -1)
ratio=$(awk -v a="$bw_med" -v b="$dd_med" 'BEGIN {printf "%.2f", a / b}')
verdict() { awk -v v="$1" -v max="$2" 'BEGIN {print (v <= max ? "met" : "NOT met")}'; }
total_gb=$(awk -v b="$bytes" -v n="$count" 'BEGIN {printf "%.2f", 2 * b * n / 1e9}')
echo
echo "medians of $rounds round(s), $count x $size_mib MiB written and read back ($total_gb GB moved):"
printf '  blockwipe  %8.3f s   %5.2f GB/s written+read\n' "$bw_med" "$(awk -v g="$total_gb" -v t="$bw_med" 'BEGIN {print g / t}')"
printf '  dd+cmp     %8.3f s   %5.2f GB/s written+read\n' "$dd_med" "$(awk -v g="$total_gb" -v t="$dd_med" 'BEGIN {print g / t}')"
printf '  ratio blockwipe / (dd+cmp):  %s   (target <= 1.25: %s)\n' "$ratio" "$(verdict "$ratio" 1.25)"
printf '  blockwipe peak RSS:          %s MiB   (target <= 1024 MiB: %s)\n' "$peak" "$(verdict "$peak" 1024)"
