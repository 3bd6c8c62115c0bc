#!/usr/bin/env bash
# Boots Debian's stock kernel in QEMU over this machine's own root file system and runs one command
# in the guest as root: the lab in which Blockwipe meets real drivers (NVMe, AHCI/libata, SCSI and
# scsi_debug, USB storage, device mapper, md, LVM, udev) that this machine's own kernel lacks.
#
#   src/test/vm/lab.sh prepare                     fetch and unpack the kernel, make the initrd
#   src/test/vm/lab.sh run COMMAND -- QEMU_ARGS...  boot, run COMMAND (one shell word list) as root, power off
#
# The guest's root is this machine's root, read-only over 9p, under a tmpfs overlay: the guest runs
# the same Java, the same jar and the same tools, sees every path of this machine (a clone in /tmp
# included), and what it writes is gone when it powers off, except on the disk images QEMU is given.
# The kernel's modules are mounted from the cache over /lib/modules, so nothing of the host changes.
# Its last line of output is "LAB-EXIT <status of COMMAND>". Needs root (QEMU, apt-get on first use)
# and Debian's package archive once; QEMU emulates the CPU (TCG): KVM with -cpu host fails on these hosts.
# The emulated CPU is a Westmere (SSE4.2, AES-NI, no AVX): with "-cpu max", QEMU 7.2's then new AVX
# emulation is used by the JVM's compiled code, and a guest JVM died of SIGSEGV in C1-compiled code.
#
# Environment: BLOCKWIPE_LAB_CACHE (default ~/.cache/blockwipe-lab), BLOCKWIPE_LAB_MEM (MiB, 3072),
# BLOCKWIPE_LAB_TIMEOUT (seconds, 900), BLOCKWIPE_LAB_CPU (QEMU's -cpu, Westmere),
# BLOCKWIPE_LAB_TCG_THREADS (single or multi). Single: with one host thread per vCPU ("multi"), a
# guest JVM died twice of SIGSEGV at the entry of a freshly compiled JDK method (StringLatin1.lastIndexOf,
# the 65th compiled, early in its start), which points at the emulation of code the JVM writes and
# patches while its other threads run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${BLOCKWIPE_LAB_CACHE:-${HOME:-/root}/.cache/blockwipe-lab}

prepare() {
  local need=()
  for p in qemu-system-x86 busybox-static cpio kmod; do dpkg -s "$p" >/dev/null 2>&1 || need+=("$p"); done
  if [ ${#need[@]} -gt 0 ]; then
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" </dev/null >/dev/null
  fi
  mkdir -p "$cache"
  if ! ls "$cache"/kernel/boot/vmlinuz-* >/dev/null 2>&1; then
    local pkg
    pkg=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
    if [ -z "$pkg" ]; then
      apt-get update -qq >/dev/null
      pkg=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
    fi
    local dl
    dl=$(mktemp -d "$cache/download.XXXXXX")
    chmod 755 "$dl"  # apt-get download runs as the _apt user
    (cd "$dl" && apt-get download -q "$pkg" >/dev/null)
    dpkg-deb -x "$dl"/"$pkg"_*.deb "$cache/kernel.new"
    rm -rf "$dl" "$cache/kernel"
    mv "$cache/kernel.new" "$cache/kernel"
  fi
  local kver
  kver=$(kernel_version)
  [ -f "$cache/kernel/lib/modules/$kver/modules.dep" ] || depmod -b "$cache/kernel" "$kver"
  if [ ! -f "$cache/initrd-$kver.gz" ] || [ "$here/init" -nt "$cache/initrd-$kver.gz" ]; then
    local ird
    ird=$(mktemp -d)
    mkdir -p "$ird"/{bin,mod,proc,sys,dev,host,rw,newroot}
    cp /bin/busybox "$ird/bin/"
    for m in virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci netfs fscache 9pnet 9pnet_virtio 9p overlay; do
      cp "$(modinfo -b "$cache/kernel" -k "$kver" -n "$m")" "$ird/mod/" && echo "$m" >>"$ird/mod/order"
    done
    cp "$here/init" "$ird/init"
    chmod +x "$ird/init"
    (cd "$ird" && find . | cpio -o -H newc 2>/dev/null | gzip) >"$cache/initrd-$kver.gz.new"
    mv "$cache/initrd-$kver.gz.new" "$cache/initrd-$kver.gz"
    rm -rf "$ird"
  fi
}

kernel_version() {
  ls "$cache"/kernel/boot | sed -n 's/^vmlinuz-//p' | head -1
}

case "${1:-}" in
  prepare)
    prepare
    ;;
  run)
    shift
    command=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do command+=("$1"); shift; done
    [ "${1:-}" = "--" ] && shift
    prepare
    kver=$(kernel_version)
    # the command travels on the kernel's command line, base64 so that spaces and quotes survive
    encoded=$(printf '%q ' "${command[@]}" | base64 -w0)
    exec timeout "${BLOCKWIPE_LAB_TIMEOUT:-900}" qemu-system-x86_64 -accel "tcg,thread=${BLOCKWIPE_LAB_TCG_THREADS:-single}" -cpu "${BLOCKWIPE_LAB_CPU:-Westmere}" -smp 2 \
      -m "${BLOCKWIPE_LAB_MEM:-3072}" -nographic -no-reboot -kernel "$cache/kernel/boot/vmlinuz-$kver" \
      -initrd "$cache/initrd-$kver.gz" \
      -append "console=ttyS0 quiet panic=-1 lab.modules=$cache/kernel/lib/modules lab.command=$encoded" \
      -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap "$@"
    ;;
  *)
    echo "usage: lab.sh prepare | lab.sh run COMMAND... -- QEMU_ARGS..." >&2
    exit 2
    ;;
esac
