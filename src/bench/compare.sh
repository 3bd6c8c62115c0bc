#!/usr/bin/env bash
# Blockwipe against dd, fio, shred, blkdiscard and nwipe on the same devices, side by side.
#
# Usage (root): src/bench/compare.sh [SIZE_GIB] [RUNS] [KINDS]
#   SIZE_GIB  size of each test device (default 8)
#   RUNS      rounds; the tools take turns within each round (default 3)
#   KINDS     comma-separated: tmpfs (a loop device over /dev/shm, memory speed: the CPU-overhead
#             test) and file (a loop device over a file on the root file system, --direct-io=on)
#
# It builds nothing: run `mvn -q -DskipTests package` first. It creates its devices, prefills them
# (the first write to tmpfs allocates its pages and is slow), never discards between timed runs,
# prints every run and a table of medians with ratios, and removes the devices (also on failure).
set -euo pipefail
size_gib=${1:-8}
runs=${2:-3}
kinds=${3:-tmpfs,file}
here=$(cd "$(dirname "$0")/../.." && pwd)
jar=$here/target/blockwipe.jar
[ -f "$jar" ] || { echo "build first: mvn -q -DskipTests package" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "needs root (it creates loop devices)" >&2; exit 2; }
for tool in fio bc /usr/bin/time; do command -v $tool >/dev/null || { echo "needs $tool (apt-get install $tool)" >&2; exit 2; }; done

work=$(mktemp -d /var/tmp/blockwipe-bench.XXXXXX)
devices=()
cleanup() {
  for d in "${devices[@]}"; do losetup -d "$d" 2>/dev/null || true; done
  rm -rf "$work" /dev/shm/blockwipe-bench-*.img
}
trap cleanup EXIT

now() { date +%s.%N; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# tool name -> command (DEV, NAME, BLOCKS and BYTES are set per device)
# The read tools run right after dd has left zeroes, so Blockwipe's read-back compares the whole device.
write_tools=(bw-zero bw-random bw-zeroout fio-qd1 fio-qd8 shred blkdiscard-z nwipe-zero nwipe-random dd-1M dd-4M)
read_tools=(bw-verify fio-read-qd1 fio-read-qd8)

bw() {  # blockwipe with --json; prints the duration of its pass (or read-back) as Blockwipe measured it
  local what=$1; shift
  { java -jar "$jar" "$@" --json 2>/dev/null || true; } | grep "\"event\":\"$what\"" | tail -1 \
    | sed -E 's/.*"durationSeconds":([0-9.]+).*/\1/'
}

fio_time() {  # fio's own runtime of the job, in seconds (read from a file: a pipe closed early kills fio)
  fio --output-format=json --output="$work/fio.json" "$@" >/dev/null
  grep -m1 -E '"runtime" : [1-9]' "$work/fio.json" | sed -E 's/[^0-9]*([0-9]+).*/\1/' | awk '{print $1 / 1000}'
}

run_tool() {  # prints seconds: the tool's own figure where it has one, wall time otherwise
  local tool=$1 s e
  case $tool in
    bw-zero)   bw passDone wipe "$DEV" -m zero --verify off --yes="$NAME" --report-dir "$work/r" --config-dir "$work/c" ;;
    bw-random) bw passDone wipe "$DEV" -m random --verify off --yes="$NAME" --report-dir "$work/r" --config-dir "$work/c" ;;
    bw-zeroout) bw passDone wipe "$DEV" -m zeroout --verify off --yes="$NAME" --report-dir "$work/r" --config-dir "$work/c" ;;
    bw-verify) bw verified verify "$DEV" --pattern zero ;;
    fio-qd1) fio_time --name=w --filename="$DEV" --rw=write --direct=1 --bs=4M --ioengine=psync --size="$BYTES" ;;
    fio-qd8) fio_time --name=w --filename="$DEV" --rw=write --direct=1 --bs=4M --ioengine=libaio --iodepth=8 --size="$BYTES" ;;
    fio-read-qd1) fio_time --name=r --filename="$DEV" --rw=read --direct=1 --bs=4M --ioengine=psync --size="$BYTES" ;;
    fio-read-qd8) fio_time --name=r --filename="$DEV" --rw=read --direct=1 --bs=4M --ioengine=libaio --iodepth=8 --size="$BYTES" ;;
    *)
      s=$(now)
      case $tool in
        dd-1M) dd if=/dev/zero of="$DEV" bs=1M count=$((BYTES / 1048576)) oflag=direct status=none ;;
        dd-4M) dd if=/dev/zero of="$DEV" bs=4M count=$BLOCKS oflag=direct status=none ;;
        shred) shred -n0 -z "$DEV" ;;
        blkdiscard-z) blkdiscard -z "$DEV" ;;
        nwipe-zero) nwipe --autonuke --nogui --nosignals --method=zero --verify=off --noblank "$DEV" >/dev/null 2>&1 ;;
        nwipe-random) nwipe --autonuke --nogui --nosignals --method=random --verify=off --noblank "$DEV" >/dev/null 2>&1 ;;
      esac
      e=$(now)
      echo "$e - $s" | bc -l ;;
  esac
}

make_device() {
  local kind=$1 img
  if [ "$kind" = tmpfs ]; then
    img=/dev/shm/blockwipe-bench-$kind.img
    truncate -s "${size_gib}G" "$img"
    DEV=$(losetup -f --show "$img")
  else
    img=$work/$kind.img
    fallocate -l "${size_gib}G" "$img"
    DEV=$(losetup -f --show --direct-io=on "$img")
  fi
  devices+=("$DEV")
  NAME=$(basename "$DEV")
  BYTES=$(blockdev --getsize64 "$DEV")
  BLOCKS=$((BYTES / 4194304))
  dd if=/dev/zero of="$DEV" bs=4M count=$BLOCKS oflag=direct status=none
  # The loop driver learns on the first BLKZEROOUT whether its backing file can zero ranges (tmpfs
  # cannot; the kernel then writes the zeroes itself once and sets write_zeroes_max_bytes to 0).
  blkdiscard -z -l 1M "$DEV"
  tools=("${write_tools[@]}" "${read_tools[@]}")
  NOTE=
  if [ "$(cat "/sys/block/$NAME/queue/write_zeroes_max_bytes")" = 0 ]; then
    NOTE="$DEV cannot zero ranges itself: no bw-zeroout; blkdiscard -z measures the kernel writing zeroes"
    kept=()
    for t in "${tools[@]}"; do [ "$t" = bw-zeroout ] || kept+=("$t"); done
    tools=("${kept[@]}")
  fi
}

echo "machine: $(nproc) CPUs, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), kernel $(uname -r)," \
     "$(java -version 2>&1 | head -1), $(fio --version), $(dd --version | head -1), nwipe $(nwipe --version 2>&1 | awk '{print $3}')"
echo "command: src/bench/compare.sh $size_gib $runs $kinds"
for kind in ${kinds//,/ }; do
  make_device "$kind"
  echo
  echo "== $kind: $DEV, $size_gib GiB =="
  [ -z "$NOTE" ] || echo "$NOTE"
  declare -A times=()
  for r in $(seq "$runs"); do
    for tool in "${tools[@]}"; do
      t=$(run_tool "$tool") || { echo "$tool failed on $DEV (run it by hand to see why)" >&2; exit 1; }
      times[$tool]="${times[$tool]:-} $t"
      printf 'round %d  %-14s %8.3f s  %6.2f GB/s\n' "$r" "$tool" "$t" "$(echo "$BYTES / $t / 1000000000" | bc -l)"
    done
  done
  echo
  printf '%-14s %10s %10s\n' tool "median s" "GB/s"
  declare -A med=()
  for tool in "${tools[@]}"; do
    # shellcheck disable=SC2086
    med[$tool]=$(median ${times[$tool]})
    printf '%-14s %10.3f %10.2f\n' "$tool" "${med[$tool]}" "$(echo "$BYTES / ${med[$tool]} / 1000000000" | bc -l)"
  done
  best_write=$(printf '%s\n' "${med[dd-4M]}" "${med[fio-qd1]}" "${med[fio-qd8]}" | sort -g | head -1)
  best_read=$(printf '%s\n' "${med[fio-read-qd1]}" "${med[fio-read-qd8]}" | sort -g | head -1)
  printf 'zero pass vs best of dd-4M/fio-qd1/fio-qd8: %.2fx\n' "$(echo "$best_write / ${med[bw-zero]}" | bc -l)"
  printf 'random pass vs zero pass:                   %.2fx\n' "$(echo "${med[bw-zero]} / ${med[bw-random]}" | bc -l)"
  if [ -n "${med[bw-zeroout]:-}" ]; then
    printf 'zeroout (offload) vs zero pass:             %.2fx\n' "$(echo "${med[bw-zero]} / ${med[bw-zeroout]}" | bc -l)"
  fi
  printf 'read-back vs best of fio read qd1/qd8:      %.2fx\n' "$(echo "$best_read / ${med[bw-verify]}" | bc -l)"
  echo
  echo "resources (one run each under /usr/bin/time; JVM start-up included for Blockwipe):"
  for tool in bw-zero bw-random dd-4M; do
    case $tool in
      bw-zero|bw-random)
        /usr/bin/time -f '%e %U %S %M' -o "$work/time" java -jar "$jar" wipe "$DEV" -m "${tool#bw-}" --verify off \
          --yes="$NAME" --report-dir "$work/r" --config-dir "$work/c" >/dev/null 2>&1 ;;
      dd-4M)
        /usr/bin/time -f '%e %U %S %M' -o "$work/time" dd if=/dev/zero of="$DEV" bs=4M count=$BLOCKS oflag=direct \
          status=none ;;
    esac
    read -r wall user sys rss < "$work/time"
    printf '%-10s CPU %5.2f s per GB written (user %.2f s + sys %.2f s in %.2f s), peak RSS %4d MiB\n' "$tool" \
      "$(echo "($user + $sys) / ($BYTES / 1000000000)" | bc -l)" "$user" "$sys" "$wall" $((rss / 1024))
  done
  unset times med
done
