# What the benchmark scripts share; sourced by them (bash), not run on its own.
# Before sourcing: command_line (the script's own command, quoted). Afterwards: jar, blockwipe (the
# command to measure, an array), images (the image files a script creates; remove_devices detaches
# the loop devices over them and deletes them), workspace, median, seconds_since, machine.

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
jar=${BLOCKWIPE_JAR:-$repo/target/blockwipe.jar}
if [ -n "${BLOCKWIPE:-}" ]; then
  read -ra blockwipe <<<"$BLOCKWIPE"   # e.g. the installed launcher: BLOCKWIPE=/opt/blockwipe/bin/blockwipe
else
  [ -f "$jar" ] || { echo "no jar at $jar: build it (mvn -q -DskipTests package) or set BLOCKWIPE_JAR" >&2; exit 2; }
  blockwipe=(java -jar "$jar")
fi
[ "$(id -u)" = 0 ] || { echo "needs root (it creates loop devices)" >&2; exit 2; }

# needs TOOL...: stops when one is missing.
needs() {
  local tool
  for tool in "$@"; do command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 2; }; done
}

# remove_loop_node DEV: removes the detached loop device DEV itself (LOOP_CTL_REMOVE), which
# losetup -d leaves behind: every wipe's checks read every block device, and a hundred idle loop
# devices from earlier runs made a 64 MiB wipe 0.2 s slower. The kernel refuses (EBUSY) a device
# that is bound or open again; a `losetup -f` elsewhere that has picked the number but not yet
# bound it could still lose it, so do not run the scripts beside other users of loop devices (CI).
# It retries while the detach settles; a device it cannot remove (or without python3) stays, as it
# would with losetup alone.
remove_loop_node() {
  python3 - "${1#/dev/loop}" <<'PY' 2>/dev/null || true
import fcntl, os, sys, time
LOOP_CTL_REMOVE = 0x4C81
fd = os.open("/dev/loop-control", os.O_RDWR)
for attempt in range(20):
    try:
        fcntl.ioctl(fd, LOOP_CTL_REMOVE, int(sys.argv[1]))
        break
    except OSError:
        time.sleep(0.05)
PY
}

images=()
remove_devices() {  # only loop devices over our own image files, found by their backing file
  local img dev
  for img in "${images[@]}"; do
    for dev in $(losetup -n -O NAME -j "$img"); do
      losetup -d "$dev" && remove_loop_node "$dev" || true
    done
    rm -f "$img"
  done
  images=()
}

# workspace NAME: makes the directory $work and, at exit, runs the script's own before_exit (when
# it defines one), removes our devices and the directory, also when the script is stopped.
workspace() {
  work=$(mktemp -d "/var/tmp/blockwipe-$1.XXXXXX")
  trap 'if declare -F before_exit >/dev/null; then before_exit; fi; remove_devices; rm -rf "$work"' EXIT
  trap 'exit 129' HUP; trap 'exit 130' INT; trap 'exit 143' TERM   # so that the cleanup runs then too
}

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
seconds_since() { awk -v s="$1" -v e="$EPOCHREALTIME" 'BEGIN {printf "%.3f", e - s}'; }

# machine: when, the exact command (with the environment that chose what is measured), the
# machine, the CPU's flags that decide the keystream's speed, and the Blockwipe measured with the
# Java it runs on (the packaged launcher brings its own).
machine() {
  local flags env=""
  flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2-) "
  has() { [[ $flags == *" $1 "* ]] && echo "$1 yes" || echo "$1 no"; }
  [ -z "${BLOCKWIPE:-}" ] || env+="BLOCKWIPE=$(printf '%q' "$BLOCKWIPE") "
  [ -z "${BLOCKWIPE_JAR:-}" ] || env+="BLOCKWIPE_JAR=$(printf '%q' "$BLOCKWIPE_JAR") "
  echo "date:      $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "command:   $env$command_line"
  echo "kernel:    $(uname -r)"
  echo "cpu:       $(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores;" \
       "$(has aes), $(has vaes), $(has avx2), $(has avx512f)"
  echo "memory:    $(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)"
  # every wipe's checks read all of them: idle loop devices left by earlier runs count too
  echo "devices:   $(ls /sys/block | wc -l) block devices ($(ls /sys/block | grep -c '^loop') loop)"
  echo "blockwipe: ${blockwipe[*]} ($("${blockwipe[@]}" --version 2>/dev/null | paste -sd ';' | sed 's/;/; /g'))"
}
