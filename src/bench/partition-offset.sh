#!/usr/bin/env bash
# A partition that starts off every alignment boundary (at sector 1, byte 512 of its disk) wiped
# as fast as the whole disk: the engine's first request runs only to the disk's next 1 MiB
# boundary, so every later request is aligned on the disk, not just within the partition.
#
# Usage (root): src/bench/partition-offset.sh [SIZE_GIB] [ROUNDS]
#   SIZE_GIB  size of the loop device over /dev/shm, in GiB (default 4)
#   ROUNDS    rounds; within each the partition and the whole disk take turns going first (default 5)
# Environment: BLOCKWIPE_JAR or BLOCKWIPE, as for compare.sh.
#
# Target: the partition's zero pass within 5 % of the whole disk's throughput, by the median of
# the pass alone (the bytes differ by one sector; the start-up is the same for both and printed
# with the whole command's wall clock beside it).
set -euo pipefail
export LC_ALL=C   # a decimal point in EPOCHREALTIME and printf, whatever the locale

usage() { sed -n '6,9s/^# \{0,1\}//p' "$0"; exit "${1:-2}"; }
command_line=$(printf '%q ' "$0" "$@")
case ${1:-} in -h|--help) usage 0 ;; -*) echo "unknown option $1" >&2; usage ;; esac
[ $# -le 2 ] || usage
size_gib=${1:-4}
rounds=${2:-5}
for n in "$size_gib" "$rounds"; do [[ $n =~ ^[1-9][0-9]*$ ]] || usage; done
source "$(dirname "$0")/common.sh"
needs java jq dd losetup blockdev sfdisk partx awk

workspace partition

machine
img=$(mktemp /dev/shm/blockwipe-partition.XXXXXX.img)
images+=("$img")
truncate -s "${size_gib}G" "$img"
dev=$(losetup -f --show -P "$img")
dd if=/dev/urandom of="$dev" bs=4M count=$((size_gib * 256)) oflag=direct conv=fdatasync status=none

# partition: a DOS label whose one partition starts at sector 1 and runs to the end; remade before
# each of its wipes, because the whole disk's wipe erases the label.
partition() {
  echo 'start=1, type=83' | sfdisk -q --no-reread --no-tell-kernel -X dos "$dev" >/dev/null 2>&1
  partx -u "$dev" 2>/dev/null || partx -a "$dev"
  for _ in $(seq 50); do [ -b "${dev}p1" ] && return; sleep 0.1; done
  echo "no ${dev}p1 after re-reading the partition table" >&2
  exit 1
}
partition
echo "device:    $dev, $size_gib GiB over /dev/shm; ${dev}p1 starts at byte $(( $(cat "/sys/class/block/${dev#/dev/}p1/start") * 512 ))"
echo

declare -A pass wall bytes pmed
run() {  # run NAME DEVICE: one zero wipe, --verify off; records its pass and wall time
  local name=$1 target=$2 out="$work/$1.json" start
  start=$EPOCHREALTIME
  "${blockwipe[@]}" wipe "$target" -m zero --verify off --yes="${target#/dev/}" --json \
    --report-dir "$work/bw" --config-dir "$work/bw" --journal-dir "$work/bw" >"$out"
  wall[$name]+=" $(seconds_since "$start")"
  pass[$name]+=" $(jq -rs '[.[] | select(.event == "passDone") | .pass.durationSeconds] | add' "$out")"
  bytes[$name]=$(blockdev --getsize64 "$target")
  printf 'round %d  %-9s pass %s s  wall %s s\n' "$r" "$name" "${pass[$name]##* }" "${wall[$name]##* }"
}

for r in $(seq "$rounds"); do
  if [ $((r % 2)) = 1 ]; then
    partition; run partition "${dev}p1"; run disk "$dev"
  else
    run disk "$dev"; partition; run partition "${dev}p1"
  fi
done

echo
echo "medians of $rounds round(s), GB = 1e9 bytes:"
for name in disk partition; do
  pmed[$name]=$(median ${pass[$name]}); w=$(median ${wall[$name]})
  awk -v n="$name" -v p="${pmed[$name]}" -v w="$w" -v b="${bytes[$name]}" \
    'BEGIN {printf "  %-10s pass %.3f s  %6.2f GB/s   wall %.3f s  %6.2f GB/s\n", n, p, b / p / 1e9, w, b / w / 1e9}'
done
awk -v pp="${pmed[partition]}" -v pd="${pmed[disk]}" \
    -v bp="${bytes[partition]}" -v bd="${bytes[disk]}" \
  'BEGIN {r = (bp / pp) / (bd / pd); printf "  partition / disk, pass throughput: %.3fx (target: within 5 %%: %s)\n", r, (r >= 0.95 ? "met" : "not met")}'
