#!/usr/bin/env bash
# Blockwipe against its peers (dd, fio, shred, nwipe) on the same devices, side by side, fairly.
#
# Usage (root): src/bench/compare.sh [--load N] [SIZE_GIB] [ROUNDS] [KINDS]
#   SIZE_GIB  size of each test device in GiB (default 8)
#   ROUNDS    rounds; within each round the tools take turns in a rotating order (default 5)
#   KINDS     comma-separated (default tmpfs,file):
#               tmpfs  a loop device over a file in /dev/shm (memory speed: the CPU cost per byte)
#               file   a loop device over a file on the root file system, losetup --direct-io=on
#   --load N  run N busy processes (sha256sum /dev/zero) beside every timed run
# Environment: BLOCKWIPE_JAR, the jar to measure (default: target/blockwipe.jar in this repository),
#   or BLOCKWIPE, the command to measure instead of java -jar (e.g. /opt/blockwipe/bin/blockwipe).
#
# Fair means here:
# - every tool is timed by the wall clock of its whole command, start to exit: Blockwipe's JVM
#   start, checks and certificate included. Blockwipe's own pass-only figure from --json is printed
#   beside it, labelled as such, but the ratios are taken on wall clock first;
# - every write tool ends with its data on the device: dd with conv=fdatasync, fio with
#   --end_fsync=1 (Blockwipe fdatasyncs at the end of a pass), all with O_DIRECT;
# - each device is prefilled once with non-zero data before any timing and never discarded
#   (a discard would free tmpfs pages, and the next writer would pay for allocating them);
# - fio also runs with Blockwipe's own request size and number in flight, so a difference is the
#   program's, not the request shape's.
# It creates its devices and removes them (also on failure); it touches no other device.
set -euo pipefail
export LC_ALL=C   # a decimal point in EPOCHREALTIME and printf, whatever the locale

usage() { sed -n '4,12s/^# \{0,1\}//p' "$0"; exit "${1:-2}"; }
command_line=$(printf '%q ' "$0" "$@")
load=0
args=()
while [ $# -gt 0 ]; do
  case $1 in
    --load) [ $# -ge 2 ] || usage; load=$2; shift 2 ;;
    --load=*) load=${1#--load=}; shift ;;
    -h|--help) usage 0 ;;
    -*) echo "unknown option $1" >&2; usage ;;
    *) args+=("$1"); shift ;;
  esac
done
[ ${#args[@]} -le 3 ] || usage
size_gib=${args[0]:-8}
rounds=${args[1]:-5}
kinds=${args[2]:-tmpfs,file}
for n in "$size_gib" "$rounds"; do [[ $n =~ ^[1-9][0-9]*$ ]] || usage; done
[[ $load =~ ^[0-9]+$ ]] || usage
for kind in ${kinds//,/ }; do
  case $kind in tmpfs|file) ;; *) echo "unknown kind $kind (tmpfs, file)" >&2; exit 2 ;; esac
done

source "$(dirname "$0")/common.sh"
needs java fio jq openssl dd shred blkdiscard losetup blockdev awk

workspace bench
load_pids=()
before_exit() {
  local pid
  for pid in "${load_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
}

# --- helpers -----------------------------------------------------------------------------------

gbps() { awk -v b="$BYTES" -v t="$1" 'BEGIN {printf "%.2f", b / t / 1e9}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
mib() { awk -v b="$1" 'BEGIN {printf (b % 1048576 ? "%d KiB" : "%d MiB"), (b % 1048576 ? b / 1024 : b / 1048576)}'; }

# timed NAME CMD...: runs CMD with stdout to $run/NAME.out and stderr to $run/NAME.err, prints the
# wall-clock seconds from start to exit. EPOCHREALTIME is read by the shell itself: no fork of
# date inside the measured interval.
timed() {
  local name=$1 s e; shift
  s=$EPOCHREALTIME
  if ! "$@" >"$run/$name.out" 2>"$run/$name.err"; then
    { echo "$name failed on $DEV: $*"; tail -n 20 "$run/$name.err" "$run/$name.out"; } >&2
    return 1
  fi
  e=$EPOCHREALTIME
  awk -v s="$s" -v e="$e" 'BEGIN {printf "%.3f", e - s}'
}

# Blockwipe's request shape from its --json output: "BYTES COUNT SOURCE", or nothing.
# Per-pass fields requestBytes/inFlight are preferred where the given events carry them; the
# fallback is the job's blockSize/queueDepth (the plan in "started").
bw_shape() {
  local file=$1 events=$2
  jq -rs --argjson ev "$events" '
    ([.[] | select(.event as $e | $ev | index($e)) | .. | objects
       | select(has("requestBytes") and has("inFlight"))] | first
       | select(.) | "\(.requestBytes) \(.inFlight) requestBytes/inFlight")
    // ([.[] | select(.event as $e | $ev | index($e)) | .. | objects
       | select(has("blockSize") and has("queueDepth"))] | first
       | select(.) | "\(.blockSize) \(.queueDepth) blockSize/queueDepth")
    // empty' "$file"
}

# bw_keystream FILE: how Blockwipe names the keystream of a random pass: from its --json output
# (a "keystream" or "randomData" field), else from the certificate it names there
# (sanitization.randomData), else any string of it that says AES-256-CTR.
bw_keystream() {
  local k cert
  k=$(jq -rs '[.. | objects | (.keystream?, .randomData?) | strings] | first // empty' "$1")
  if [ -n "$k" ]; then echo "$k (--json)"; return; fi
  cert=$(jq -rs '[.[] | select(.event == "certificate") | .json] | first // empty' "$1")
  if [ -n "$cert" ]; then k=$(jq -r '.sanitization.randomData // empty' "$cert"); fi
  if [ -n "$k" ]; then echo "$k (its certificate: sanitization.randomData)"; return; fi
  k=$(jq -rs '[.. | strings | select(test("AES-256-CTR"))] | first // empty' "$1")
  echo "${k:-not reported}${k:+ (--json)}"
}

nwipe_version() { "$1" -V 2>&1 | head -1; }   # this nwipe build answers --version with nothing

# The nwipe binaries to run: a current one built under /opt, Debian's if the package is installed.
nwipes=()
if [ -x /opt/nwipe-current/bin/nwipe ]; then nwipes+=(nwipe:/opt/nwipe-current/bin/nwipe); fi
if [ "$(dpkg-query -W -f='${Status}' nwipe 2>/dev/null)" = "install ok installed" ]; then
  nwipes+=(nwipe-deb:"$(dpkg -L nwipe | grep -m1 -E '/s?bin/nwipe$')")
fi

# cmd_for TOOL: sets CMD to the tool's command on $DEV.
cmd_for() {
  local bw=("${blockwipe[@]}") dirs=(--report-dir "$work/bw" --config-dir "$work/bw" --journal-dir "$work/bw")
  local fio=(fio --filename="$DEV" --direct=1 --name="$1")
  # fio writes zeroes too (--zero_buffers), except fio-data, which writes its default buffer of
  # random-looking bytes made once: what the device does with data that is not zeroes, with no
  # keystream to make, the peer of Blockwipe's random pass.
  local wr=(--rw=write --zero_buffers --end_fsync=1) rd=(--rw=read) bs n part bin help
  [[ $1 != fio-data* ]] || wr=(--rw=write --end_fsync=1)
  case $1 in
    bw-zero)        CMD=("${bw[@]}" wipe "$DEV" -m zero --verify off --yes="$NAME" --json "${dirs[@]}") ;;
    bw-random)      CMD=("${bw[@]}" wipe "$DEV" -m random --verify off --yes="$NAME" --json "${dirs[@]}") ;;
    bw-verify)      CMD=("${bw[@]}" verify "$DEV" --pattern zero --json) ;;
    dd-1M)          CMD=(dd if=/dev/zero of="$DEV" bs=1M count=$((BYTES / 1048576)) oflag=direct conv=fdatasync status=none) ;;
    dd-4M)          CMD=(dd if=/dev/zero of="$DEV" bs=4M count=$((BYTES / 4194304)) oflag=direct conv=fdatasync status=none) ;;
    dd-read-4M)     CMD=(dd if="$DEV" of=/dev/null bs=4M count=$((BYTES / 4194304)) iflag=direct status=none) ;;
    fio-qd1)        CMD=("${fio[@]}" "${wr[@]}" --bs=4M --ioengine=psync --size="$BYTES") ;;
    fio-qd8)        CMD=("${fio[@]}" "${wr[@]}" --bs=4M --ioengine=libaio --iodepth=8 --size="$BYTES") ;;
    fio-read-qd1)   CMD=("${fio[@]}" "${rd[@]}" --bs=4M --ioengine=psync --size="$BYTES") ;;
    fio-read-qd8)   CMD=("${fio[@]}" "${rd[@]}" --bs=4M --ioengine=libaio --iodepth=8 --size="$BYTES") ;;
    # Several requests in flight as Blockwipe makes them: one thread per request, each writing
    # its own contiguous part of the device (--offset_increment), positional I/O (psync).
    fio-2Mx2|fio-data-2Mx2|fio-read-2Mx2|fio-own|fio-read-own)
      case $1 in
        *2Mx2) bs=2097152 n=2 ;;
        fio-own) read -r bs n _ <<<"$WRITE_SHAPE" ;;
        fio-read-own) read -r bs n _ <<<"$READ_SHAPE" ;;
      esac
      part=$((BYTES / n))
      if [[ $1 == fio-read* ]]; then CMD=("${fio[@]}" "${rd[@]}"); else CMD=("${fio[@]}" "${wr[@]}"); fi
      CMD+=(--bs="$bs" --ioengine=psync --thread --numjobs="$n" --size="$part" --offset_increment="$part") ;;
    shred)          CMD=(shred -n0 -z "$DEV") ;;
    blkdiscard-z)   CMD=(blkdiscard -z "$DEV") ;;
    nwipe*-zero|nwipe*-random)
      bin=$(nwipe_bin "${1%-*}")
      help=$("$bin" --help 2>&1 || true)
      CMD=("$bin" --autonuke --nogui --nowait --nosignals --verify=off --noblank)
      # Its PDF certificates (nwipe 0.35 and later) go to the work directory; -P noPDF would be
      # stored in /etc/nwipe/nwipe.conf for every later run of nwipe.
      if [[ $help == *PDFreportpath* ]]; then CMD+=(-P "$work/nwipe"); fi
      # nwipe's default --prng=auto measures every PRNG for a second at start (about 7 s); both runs
      # are spared that: zero uses no PRNG, and random gets the one auto picks on these machines,
      # SplitMix64 (fast, but not a cryptographic generator, unlike Blockwipe's AES-CTR).
      # (--prng=default would pick nwipe's AES-CTR, which needs the kernel's crypto socket API.)
      if [ "${1##*-}" = zero ]; then
        CMD+=(--method=zero)
        if [[ $help == *'prng=auto|default'* ]]; then CMD+=(--prng=default); fi
      else
        CMD+=(--method=random)
        if [[ $help == *splitmix64* ]]; then CMD+=(--prng=splitmix64); fi
      fi
      # Exactly one device: nwipe --autonuke without a device wipes every disk it finds.
      CMD+=("$DEV") ;;
    *) echo "unknown tool $1" >&2; return 1 ;;
  esac
}
nwipe_bin() { local e; for e in "${nwipes[@]}"; do if [ "${e%%:*}" = "$1" ]; then echo "${e#*:}"; fi; done; }

# run_tool ROUND TOOL: runs it, records and prints its wall time (and Blockwipe's own figure).
run_tool() {
  local r=$1 tool=$2 t p='' name
  name=r$r.$tool
  cmd_for "$tool"
  t=$(timed "$name" "${CMD[@]}")
  wall[$tool]+=" $t"
  case $tool in
    bw-zero|bw-random) p=$(jq -rs '[.[] | select(.event == "passDone") | .pass.durationSeconds] | add' "$run/$name.out") ;;
    bw-verify)         p=$(jq -rs '[.[] | select(.event == "verified") | .verification.durationSeconds] | add' "$run/$name.out") ;;
  esac
  if [ -n "$p" ]; then
    pass[$tool]+=" $p"
    printf 'round %d  %-16s %8.3f s %6.2f GB/s   (pass-only, as it reports: %7.3f s %6.2f GB/s)\n' \
      "$r" "$tool" "$t" "$(gbps "$t")" "$p" "$(gbps "$p")"
  else
    printf 'round %d  %-16s %8.3f s %6.2f GB/s\n' "$r" "$tool" "$t" "$(gbps "$t")"
  fi
}

zero_fill() { dd if=/dev/zero of="$DEV" bs=4M count=$((BYTES / 4194304)) oflag=direct conv=fdatasync status=none; }

# Non-zero data over the whole device: AES-CTR keystream of a fixed key, at a few GB/s.
prefill() {
  head -c "$BYTES" /dev/zero | openssl enc -aes-256-ctr -nosalt -pbkdf2 -pass pass:blockwipe-bench \
    | dd of="$DEV" bs=4M iflag=fullblock oflag=direct conv=fdatasync status=none
}

# make_device KIND: creates and prepares the device; sets DEV, NAME, BYTES and the tool lists.
make_device() {
  local kind=$1 img
  if [ "$kind" = tmpfs ]; then
    img=$(mktemp /dev/shm/blockwipe-bench.XXXXXX.img)
    images+=("$img")
    truncate -s "${size_gib}G" "$img"
    DEV=$(losetup -f --show "$img")
  else
    img=$work/file.img
    images+=("$img")
    fallocate -l "${size_gib}G" "$img"
    DEV=$(losetup -f --show --direct-io=on "$img")
  fi
  NAME=${DEV#/dev/}
  BYTES=$(blockdev --getsize64 "$DEV")
  run=$work/$kind
  mkdir -p "$run" "$work/bw" "$work/nwipe"

  write_tools=(bw-zero bw-random dd-1M dd-4M fio-qd1 fio-qd8 fio-2Mx2 fio-data-2Mx2)
  read_tools=(bw-verify dd-read-4M fio-read-qd1 fio-read-qd8 fio-read-2Mx2)
  NOTES=()

  # blkdiscard -z is an overwrite only where the device cannot zero ranges itself: the loop
  # driver learns that on its first BLKZEROOUT (tmpfs cannot; the kernel then writes zero pages
  # and sets write_zeroes_max_bytes to 0). Where it can (a file on ext4), it is a fallocate that
  # leaves unwritten extents behind, which would change the device under every later tool.
  blkdiscard -z -l 1M "$DEV"
  if [ "$(cat "/sys/block/$NAME/queue/write_zeroes_max_bytes")" = 0 ]; then
    write_tools+=(blkdiscard-z)
    NOTES+=("blkdiscard -z: the kernel writes zero pages (the device cannot zero ranges); not a peer: a zero-out offload")
  else
    NOTES+=("no blkdiscard -z: $DEV zeroes ranges by fallocate of its backing file, which is no overwrite")
  fi
  write_tools+=(shred)
  local e
  for e in "${nwipes[@]}"; do write_tools+=("${e%%:*}-zero" "${e%%:*}-random"); done

  # Blockwipe's own request shape, from one untimed zero pass and one verify (before the prefill).
  cmd_for bw-zero; "${CMD[@]}" >"$run/shape-wipe.json" 2>"$run/shape-wipe.err"
  cmd_for bw-verify; "${CMD[@]}" >"$run/shape-verify.json" 2>"$run/shape-verify.err"
  WRITE_SHAPE=$(bw_shape "$run/shape-wipe.json" '["passDone","started"]')
  READ_SHAPE=$(bw_shape "$run/shape-verify.json" '["verified","verifyStarted","started"]')
  add_own_shape fio-own "$WRITE_SHAPE" "zero pass" write_tools
  add_own_shape fio-read-own "$READ_SHAPE" "read-back (verify)" read_tools

  prefill
}

# add_own_shape TOOL SHAPE LABEL LIST: adds TOOL to the array LIST when SHAPE is known and divides
# the device into equal parts of whole requests.
add_own_shape() {
  local tool=$1 shape=$2 label=$3 bs n src
  local -n list=$4
  if [ -z "$shape" ]; then
    NOTES+=("no $tool: Blockwipe's --json does not tell the request shape of its $label")
    return
  fi
  read -r bs n src <<<"$shape"
  if [ $((BYTES % (bs * n))) -ne 0 ]; then
    NOTES+=("no $tool: $n parts of whole $bs-byte requests do not cover $BYTES bytes")
    return
  fi
  list+=("$tool")
  NOTES+=("$tool: Blockwipe's $label shape $(mib "$bs") x $n in flight (from $src)")
}

# best TOOL...: the fastest of those that ran, by median, as "TOOL SECONDS"
best() {
  local t
  for t in "$@"; do if [ -n "${med[$t]:-}" ]; then echo "$t ${med[$t]}"; fi; done | sort -g -k2 | head -1
}

rotate() { local k=$1; shift; local a=("$@"); k=$((k % ${#a[@]})); echo "${a[@]:k}" "${a[@]:0:k}"; }

# --- the machine -------------------------------------------------------------------------------

machine
echo "tools:     $(fio --version), $(dd --version | head -1), $(shred --version | head -1)"
for e in "${nwipes[@]}"; do printf '%-11s%s: %s\n' "${e%%:*}:" "${e#*:}" "$(nwipe_version "${e#*:}")"; done
[ ${#nwipes[@]} -gt 0 ] || echo "nwipe:     none (neither /opt/nwipe-current/bin/nwipe nor Debian's package)"

if [ "$load" -gt 0 ]; then
  for _ in $(seq "$load"); do sha256sum /dev/zero >/dev/null & load_pids+=($!); done
  echo "load:      $load x sha256sum /dev/zero beside every run (pids ${load_pids[*]})"
fi

# --- the rounds --------------------------------------------------------------------------------

for kind in ${kinds//,/ }; do
  echo
  echo "== $kind: preparing a $size_gib GiB loop device (Blockwipe's request shape, prefill with non-zero data) =="
  make_device "$kind"
  echo "== $kind: $DEV, $BYTES bytes, $rounds round(s) =="
  for n in "${NOTES[@]}"; do echo "note: $n"; done
  echo "commands:"
  for tool in "${write_tools[@]}" "${read_tools[@]}"; do cmd_for "$tool"; printf '  %-16s %s\n' "$tool" "${CMD[*]}"; done

  unset wall pass
  declare -A wall=() pass=()
  for r in $(seq "$rounds"); do
    last=
    for tool in $(rotate $((r - 1)) "${write_tools[@]}"); do run_tool "$r" "$tool"; last=$tool; done
    # The reads expect zeroes (Blockwipe's verify checks them); non-zero data was written last.
    if [[ $last == *random || $last == fio-data* ]]; then zero_fill; echo "round $r  (untimed zero fill: $last wrote last)"; fi
    for tool in $(rotate $((r - 1)) "${read_tools[@]}"); do run_tool "$r" "$tool"; done
  done

  echo
  echo "== $kind: medians of $rounds round(s), $BYTES bytes, GB = 1e9 bytes, wall clock of the whole command =="
  printf '%-16s %10s %8s   %s\n' tool "seconds" "GB/s" "Blockwipe's own pass-only figure"
  declare -A med=() pmed=()
  for tool in "${write_tools[@]}" "${read_tools[@]}"; do
    # shellcheck disable=SC2086  # the lists are space-separated numbers
    med[$tool]=$(median ${wall[$tool]})
    if [ -n "${pass[$tool]:-}" ]; then
      # shellcheck disable=SC2086
      pmed[$tool]=$(median ${pass[$tool]})
      printf '%-16s %10.3f %8.2f   pass-only %.3f s, %.2f GB/s\n' "$tool" "${med[$tool]}" "$(gbps "${med[$tool]}")" \
        "${pmed[$tool]}" "$(gbps "${pmed[$tool]}")"
    else
      printf '%-16s %10.3f %8.2f\n' "$tool" "${med[$tool]}" "$(gbps "${med[$tool]}")"
    fi
  done

  peers_w=(dd-1M dd-4M fio-qd1 fio-qd8 fio-2Mx2 fio-own shred)
  for e in "${nwipes[@]}"; do peers_w+=("${e%%:*}-zero" "${e%%:*}-random"); done
  read -r bw_name bw_t <<<"$(best "${peers_w[@]}")"
  read -r br_name br_t <<<"$(best dd-read-4M fio-read-qd1 fio-read-qd8 fio-read-2Mx2 fio-read-own)"
  echo
  echo "ratios of throughput (above 1: Blockwipe is faster); wall clock, and Blockwipe's pass-only figure in brackets:"
  printf '  %-52s %5sx  (%sx)\n' "Blockwipe zero / best peer write ($bw_name):" \
    "$(ratio "$bw_t" "${med[bw-zero]}")" "$(ratio "$bw_t" "${pmed[bw-zero]}")"
  printf '  %-52s %5sx  (%sx)\n' "Blockwipe random / Blockwipe zero:" \
    "$(ratio "${med[bw-zero]}" "${med[bw-random]}")" "$(ratio "${pmed[bw-zero]}" "${pmed[bw-random]}")"
  printf '  %-52s %5sx  (%sx)\n' "Blockwipe random / fio writing non-zero data:" \
    "$(ratio "${med[fio-data-2Mx2]}" "${med[bw-random]}")" "$(ratio "${med[fio-data-2Mx2]}" "${pmed[bw-random]}")"
  printf '  %-52s %5sx\n' "fio non-zero data / fio zeroes (2 MiB x 2):" "$(ratio "${med[fio-2Mx2]}" "${med[fio-data-2Mx2]}")"
  printf '  %-52s %5sx  (%sx)\n' "Blockwipe read-back / best peer read ($br_name):" \
    "$(ratio "$br_t" "${med[bw-verify]}")" "$(ratio "$br_t" "${pmed[bw-verify]}")"
  echo "  Blockwipe's random pass keystream, as it reports it: $(bw_keystream "$run/r1.bw-random.out")"
  for e in "${nwipes[@]}"; do
    prng=$(sed -n 's/.*notice: *prng *= *//p' "$run"/r*."${e%%:*}"-random.out | sort -u | paste -sd, -)
    echo "  ${e%%:*} random: PRNG ${prng:-not named in its output}"
  done
  unset med pmed
  remove_devices
done
