#!/usr/bin/env bash
# What a wipe costs besides its writing: a small device wiped by the whole command, against the
# same command's --version (the JVM's start) and dd on the same device, in turns.
#
# Usage (root): src/bench/fixed-cost.sh [SIZE_MIB] [ROUNDS]
#   SIZE_MIB  size of the loop device over /dev/shm, in MiB (default 64)
#   ROUNDS    rounds; within each the three commands take turns going first (default 10)
# Environment: BLOCKWIPE_JAR, the jar to measure (default: target/blockwipe.jar in this repository),
#   or BLOCKWIPE, the command to measure instead of java -jar (e.g. /opt/blockwipe/bin/blockwipe).
#
# Target: the wipe (zero, --verify off, certificate written) at most 0.3 s above --version, by
# the median of each.
set -euo pipefail
export LC_ALL=C   # a decimal point in EPOCHREALTIME and printf, whatever the locale

usage() { sed -n '5,9s/^# \{0,1\}//p' "$0"; exit "${1:-2}"; }
command_line=$(printf '%q ' "$0" "$@")
case ${1:-} in -h|--help) usage 0 ;; -*) echo "unknown option $1" >&2; usage ;; esac
[ $# -le 2 ] || usage
size_mib=${1:-64}
rounds=${2:-10}
for n in "$size_mib" "$rounds"; do [[ $n =~ ^[1-9][0-9]*$ ]] || usage; done
source "$(dirname "$0")/common.sh"
needs java jq dd losetup blockdev awk

workspace fixed

machine
img=$(mktemp /dev/shm/blockwipe-fixed.XXXXXX.img)
images+=("$img")
truncate -s "${size_mib}M" "$img"
dev=$(losetup -f --show "$img")
name=${dev#/dev/}
dd if=/dev/urandom of="$dev" bs=1M count="$size_mib" oflag=direct conv=fdatasync status=none
echo "device:    $dev, $size_mib MiB over /dev/shm, prefilled with random data"
wipe=("${blockwipe[@]}" wipe "$dev" -m zero --verify off --yes="$name" --json
      --report-dir "$work/bw" --config-dir "$work/bw" --journal-dir "$work/bw")
echo "wipe:      ${wipe[*]}"
echo

declare -A times
# run WHAT CMD...: runs CMD, adds its wall-clock seconds to times[WHAT] and prints them.
run() {
  local what=$1 s t; shift
  s=$EPOCHREALTIME
  "$@" >"$work/$what.out" 2>"$work/$what.err" || { echo "$what failed:"; tail -n 5 "$work/$what.err"; exit 1; } >&2
  t=$(seconds_since "$s")
  times[$what]+="$t "
  printf '  %s %s s' "$what" "$t"
}
passes=()
order=(version wipe dd)
for r in $(seq "$rounds"); do
  printf 'round %d' "$r"
  for i in 0 1 2; do
    case ${order[$(((r + i) % 3))]} in
      version) run version "${blockwipe[@]}" --version ;;
      wipe)    run wipe "${wipe[@]}"
               passes+=("$(jq -rs '[.[] | select(.event == "passDone") | .pass.durationSeconds] | add' "$work/wipe.out")") ;;
      dd)      run dd dd if=/dev/zero of="$dev" bs=4M count=$((size_mib / 4)) oflag=direct conv=fdatasync status=none ;;
    esac
  done
  echo
done

version=$(median ${times[version]})
wipe_s=$(median ${times[wipe]})
dd_s=$(median ${times[dd]})
pass=$(median "${passes[@]}")
above=$(awk -v w="$wipe_s" -v v="$version" 'BEGIN {printf "%.3f", w - v}')
echo
echo "medians of $rounds round(s), wall clock of the whole command:"
printf '  --version          %7.3f s\n' "$version"
printf '  wipe               %7.3f s   (its pass, as it reports it: %.3f s)\n' "$wipe_s" "$pass"
printf '  dd bs=4M           %7.3f s\n' "$dd_s"
printf '  wipe - --version   %7.3f s   (target <= 0.3 s: %s)\n' "$above" \
  "$(awk -v a="$above" 'BEGIN {print (a <= 0.3 ? "met" : "NOT met")}')"
