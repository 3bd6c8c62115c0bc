#!/usr/bin/env bash
# Side-by-side: a zero pass of Blockwipe against dd on the same memory-backed loop device.
# Blockwipe is timed twice per round: the whole command as a user runs it, and the pass alone
# (its duration from the --json result, without the JVM's start-up).
# Usage (root): src/bench/dd-vs-blockwipe.sh [SIZE_GIB] [RUNS]
# Creates /dev/shm/blockwipe-bench.img and its loop device, prefills it, alternates the tools,
# prints each run and the medians, and removes the device again (also on failure).
set -euo pipefail
size_gib=${1:-4}
runs=${2:-5}
jar=$(cd "$(dirname "$0")/../.." && pwd)/target/blockwipe.jar
[ -f "$jar" ] || { echo "build first: mvn -q -DskipTests package" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "needs root (it creates a loop device)" >&2; exit 2; }

img=/dev/shm/blockwipe-bench.img
truncate -s "${size_gib}G" "$img"
dev=$(losetup -f --show "$img")
trap 'losetup -d "$dev"; rm -f "$img"' EXIT
name=$(basename "$dev")
bytes=$(blockdev --getsize64 "$dev")
blocks=$((bytes / 4194304))
# First touch allocates the tmpfs pages; time only the runs after it.
dd if=/dev/zero of="$dev" bs=4M count=$blocks oflag=direct status=none

now() { date +%s.%N; }
declare -a t_dd t_bw_cmd t_bw_pass
for i in $(seq "$runs"); do
  s=$(now); dd if=/dev/zero of="$dev" bs=4M count=$blocks oflag=direct status=none; e=$(now)
  t_dd+=("$(echo "$e - $s" | bc -l)")
  s=$(now); java -jar "$jar" wipe "$dev" --method zero --verify off --yes="$name" >/dev/null 2>&1; e=$(now)
  t_bw_cmd+=("$(echo "$e - $s" | bc -l)")
  pass=$(java -jar "$jar" wipe "$dev" --method zero --verify off --json --yes="$name" \
    | grep '"event":"passDone"' | sed -E 's/.*"durationSeconds":([0-9.]+).*/\1/')
  t_bw_pass+=("$pass")
  printf 'run %d: dd %.3f s   blockwipe %.3f s (pass %.3f s)\n' "$i" "${t_dd[-1]}" "${t_bw_cmd[-1]}" "$pass"
done

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
m_dd=$(median "${t_dd[@]}"); m_cmd=$(median "${t_bw_cmd[@]}"); m_pass=$(median "${t_bw_pass[@]}")
rate() { echo "scale=2; $bytes / $1 / 1000000000" | bc -l; }
echo
echo "device: $dev over $img ($size_gib GiB, tmpfs), $runs runs each, medians"
printf '%-44s %8.3f s  %5s GB/s\n' "dd if=/dev/zero bs=4M oflag=direct" "$m_dd" "$(rate "$m_dd")"
printf '%-44s %8.3f s  %5s GB/s\n' "blockwipe wipe --method zero (whole command)" "$m_cmd" "$(rate "$m_cmd")"
printf '%-44s %8.3f s  %5s GB/s\n' "blockwipe wipe --method zero (the pass)" "$m_pass" "$(rate "$m_pass")"
printf 'ratio dd/blockwipe: %.2f (whole command), %.2f (pass)\n' "$(echo "$m_dd / $m_cmd" | bc -l)" "$(echo "$m_dd / $m_pass" | bc -l)"
