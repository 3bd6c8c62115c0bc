#!/usr/bin/python3
"""The boot stick's test, inside the guest: drives one QEMU boot over its serial line.

    guest.py wipe   SERIAL_SOCKET OUT_DIR
    guest.py window SERIAL_SOCKET OUT_DIR MONITOR_SOCKET

Both boot the real ISO through GRUB (BIOS or UEFI, as QEMU was started): at GRUB's menu, on the
serial line, they open GRUB's command line and call the menu's own blockwipe_boot function with
blockwipe.test=1 (a root shell on ttyS0 instead of the console UI).
wipe:   the serial entry; runs blockwipe list and blockwipe wipe -m zero on the NVMe and SATA disks,
        saves what they print in OUT_DIR, powers off.
window: the window entry (with the kernel's console on ttyS0 too); waits for X and Blockwipe's
        window, takes a screenshot through the QEMU monitor (OUT_DIR/window.ppm), powers off.
Prints the seconds from QEMU's start to GRUB's menu, to the shell and to the window.
Exit status 0 when every step was seen, 1 otherwise (the reason on stderr).
"""
import os
import re
import socket
import sys
import time

start = time.monotonic()


def elapsed():
    return round(time.monotonic() - start, 1)


class Serial:
    def __init__(self, path):
        deadline = time.monotonic() + 30
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.sock.connect(path)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        self.sock.settimeout(1)
        self.seen = ""

    def expect(self, pattern, timeout, what):
        """Waits until the output since the last match matches pattern; returns the match."""
        deadline = time.monotonic() + timeout
        regex = re.compile(pattern)
        while True:
            m = regex.search(self.seen)
            if m:
                self.seen = self.seen[m.end():]
                return m
            if time.monotonic() > deadline:
                tail = self.seen[-600:]
                raise SystemExit(f"guest.py: no {what} after {timeout} s (at {elapsed()} s); last output:\n{tail}")
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                continue
            if not data:
                raise SystemExit(f"guest.py: the serial line closed while waiting for {what} (at {elapsed()} s)")
            self.seen += data.decode("utf-8", "replace")

    def send(self, text, pause=0.01):
        # slowly: GRUB's serial input and a fresh getty drop characters that come too fast
        for ch in text:
            self.sock.sendall(ch.encode())
            time.sleep(pause)

    def run(self, command, timeout, out=None):
        """Runs a shell command in the guest; returns (exit status, output). The serial line under
        emulation now and then sends a character twice ("NVMEE0001"): the markers are letters,
        each of which may come more than once."""
        marker = "BW" + "".join(chr(ord("a") + int(d)) for d in str(int(time.monotonic() * 1000) % 100000))
        seen = "".join(re.escape(c) + "+" for c in marker)
        self.send(f"echo {marker}-BEGIN; {command}; echo {marker}-RC=$?\r")
        self.expect(f"{seen}-+BEGIN\r?\n", 30, f"start of '{command}'")
        m = self.expect(f"(?s)(.*?){seen}-+R+C+=+(\\d+)", timeout, f"end of '{command}'")
        text = m.group(1).replace("\r", "")
        if out:
            with open(out, "w") as f:
                f.write(text)
        return int(m.group(2)), text


def boot(serial, entry, extra):
    serial.expect(r"Blockwipe \(serial console, 115200\)", 180, "GRUB menu")
    print(f"guest.py: GRUB menu at {elapsed()} s", flush=True)
    serial.send("c")
    serial.expect("grub>", 20, "GRUB command line")
    # GRUB's serial input loses or swaps a character now and then: each line is typed again until
    # GRUB ran it without an error
    for line, timeout in ((f"blockwipe_boot {entry} blockwipe.test=1 {extra}", 240), ("boot", 20)):
        for attempt in range(5):
            time.sleep(1)
            serial.send(line + "\r", 0.05)
            if line == "boot":
                break  # what GRUB says now ("no suitable video mode", in blind mode) does not stop it
            m = serial.expect(r"error: [^\r\n]*|grub>", timeout, "GRUB command line after loading the kernel")
            if not m.group(0).startswith("error"):
                break
            print(f"guest.py: GRUB said {m.group(0)!r}; typing it again", flush=True)
            serial.expect("grub>", 20, "GRUB command line")
        else:
            raise SystemExit(f"guest.py: GRUB did not take '{line}'")
    print(f"guest.py: kernel started by GRUB at {elapsed()} s", flush=True)
    serial.expect(r"root@blockwipe:[^\n]*# ", 600, "root shell on ttyS0")
    print(f"guest.py: root shell on ttyS0 at {elapsed()} s", flush=True)
    serial.run("stty cols 200 rows 50; export TERM=dumb", 30)


def console_ui(serial, out):
    """The console UI on the serial line, as the serial entry starts it (a vt100, no mouse): its
    header and the disks come, and q ends it back at the shell. What it drew is kept in OUT_DIR."""
    serial.send("TERM=vt100 blockwipe tui\r")
    drawn = serial.expect(r"(?s)Blockwipe console.*?nvme0n1", 300, "the console UI with the NVMe disk")
    time.sleep(3)
    serial.send("q")
    rest = serial.expect(r"root@blockwipe:[^\n]*# ", 120, "the shell after q in the console UI")
    with open(os.path.join(out, "console-ui.txt"), "w") as f:
        f.write(drawn.group(0) + rest.string[:rest.end()])
    print(f"guest.py: console UI drawn and left at {elapsed()} s", flush=True)


def network(serial, out):
    """The network switch: off at boot; up gives DHCP (QEMU's user network) and an sshd that takes the
    key put on the stick and refuses passwords; down turns both off again."""
    steps = [
        ("net-before", "blockwipe net status", 60),
        ("net-key", "ssh-keygen -q -t ed25519 -N '' -f /root/technician && "
                    "cp /root/technician.pub /run/blockwipe/stick/ssh/authorized_keys", 60),
        ("net-up", "blockwipe net up", 180),
        ("net-on", "blockwipe net status", 60),
        ("net-ssh-key", "ssh -i /root/technician -o StrictHostKeyChecking=no -o BatchMode=yes "
                        "root@$(ip -4 -o address show scope global | awk '{print $4}' | cut -d/ -f1 | head -n1) "
                        "echo logged-in-by-key", 120),
        ("net-ssh-password", "ssh -o StrictHostKeyChecking=no -o BatchMode=yes -o PubkeyAuthentication=no "
                             "-o PreferredAuthentications=password,keyboard-interactive "
                             "root@$(ip -4 -o address show scope global | awk '{print $4}' | cut -d/ -f1 | head -n1) true",
         120),
        ("net-down", "blockwipe net down", 120),
        ("net-after", "blockwipe net status", 60),
    ]
    for name, command, timeout in steps:
        rc, _ = serial.run(command, timeout, os.path.join(out, name + ".txt"))
        with open(os.path.join(out, name + ".rc"), "w") as f:
            f.write(f"{rc}\n")
        print(f"guest.py: {name}: exit {rc} at {elapsed()} s", flush=True)


def wipe(serial, out):
    boot(serial, "serial", "")
    checks = [
        ("medium", "findmnt -n -o SOURCE,FSTYPE,OPTIONS /run/live/medium", 30),
        ("stick", "findmnt -n -o SOURCE,FSTYPE,OPTIONS /run/blockwipe/stick; findmnt -n -o TARGET /var/lib/blockwipe/reports", 30),
        ("stick-unit", "systemctl status blockwipe-stick --no-pager -l; journalctl -b -u blockwipe-stick --no-pager | tail -n 20", 30),
        ("mounts", "cat /proc/self/mountinfo", 30),
        ("disks", "for d in /sys/block/*; do echo ${d##*/} $(readlink -f $d); done", 30),
        ("list", "blockwipe list", 300),
    ]
    for name, command, timeout in checks:
        rc, _ = serial.run(command, timeout, os.path.join(out, name + ".txt"))
        print(f"guest.py: {name}: exit {rc} at {elapsed()} s", flush=True)
    _, sata = serial.run("for d in /sys/block/sd*; do grep -qs TESTDISK $d/device/model && echo ${d##*/}; done", 30)
    sata = sata.strip()
    if not re.fullmatch(r"sd[a-z]+", sata):
        raise SystemExit(f"guest.py: no single SATA disk in the guest: {sata!r}")
    rc, _ = serial.run(f"blockwipe wipe --yes=nvme0n1 --yes={sata} -m zero --operator=CI /dev/nvme0n1 /dev/{sata}",
                       900, os.path.join(out, "wipe.txt"))
    print(f"guest.py: wipe: exit {rc} at {elapsed()} s", flush=True)
    with open(os.path.join(out, "wipe.rc"), "w") as f:
        f.write(f"{rc}\n")
    serial.run("ls -lR /var/lib/blockwipe/reports /root/.config/blockwipe; sync", 60, os.path.join(out, "reports.txt"))
    console_ui(serial, out)
    network(serial, out)
    serial.send("systemctl poweroff\r")
    serial.expect(r"reboot: Power down|Powering off|power down", 180, "power-off")
    print(f"guest.py: powered off at {elapsed()} s", flush=True)


def monitor(path, command):
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as m:
        m.connect(path)
        m.settimeout(5)
        try:
            m.recv(4096)
        except socket.timeout:
            pass
        m.sendall((command + "\n").encode())
        time.sleep(1)
        try:
            m.recv(65536)
        except socket.timeout:
            pass


def ppm_drawn(path):
    """The share of a binary PPM's (P6) pixels, sampled, that differ from its most common colour:
    a blank screen with a pointer has next to none, a window with its tree and toolbar several %."""
    with open(path, "rb") as f:
        data = f.read()
    pixels = data.split(maxsplit=4)[4]
    sample = [pixels[i:i + 3] for i in range(0, len(pixels) - 2, 3 * 13)]
    counts = {}
    for p in sample:
        counts[p] = counts.get(p, 0) + 1
    return 1 - max(counts.values()) / len(sample)


def window(serial, out, monitor_socket):
    boot(serial, "window", "console=ttyS0,115200")
    rc, _ = serial.run("for i in $(seq 180); do [ -e /run/blockwipe/x-started ] && break; sleep 1; done; "
                       "ls /run/blockwipe/x-started", 200)
    if rc != 0:
        serial.run("cat /var/log/blockwipe-x.log", 30, os.path.join(out, "x.log"))
        raise SystemExit("guest.py: X did not start (x.log)")
    print(f"guest.py: X started at {elapsed()} s", flush=True)
    # the window is up once the screen has many colours and stops changing
    shot = os.path.join(out, "window.ppm")
    previous = None
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        time.sleep(5)
        monitor(monitor_socket, f"screendump {shot}")
        if not os.path.exists(shot):
            continue
        with open(shot, "rb") as f:
            now = f.read()
        if previous == now and ppm_drawn(shot) > 0.02:
            break
        previous = now
    else:
        serial.run("tail -n 40 /var/log/blockwipe-x.log", 30, os.path.join(out, "x.log"))
        raise SystemExit("guest.py: no window drawn within 300 s of X's start (x.log)")
    print(f"guest.py: window on the screen at {elapsed()} s", flush=True)
    serial.run("ps -eo pid,rss,args | grep -E '[X]org|[m]atchbox|[j]ava' | cut -c1-160", 30, os.path.join(out, "processes.txt"))
    serial.run("tail -n 40 /var/log/blockwipe-x.log", 30, os.path.join(out, "x.log"))
    serial.run("findmnt -n -o SOURCE,FSTYPE /var/lib/blockwipe/reports; systemctl status blockwipe-stick --no-pager -l;"
               " journalctl -b -u blockwipe-stick --no-pager | tail -n 20", 60, os.path.join(out, "stick.txt"))
    serial.send("systemctl poweroff\r")
    serial.expect(r"reboot: Power down|Powering off|power down", 180, "power-off")
    print(f"guest.py: powered off at {elapsed()} s", flush=True)


def main():
    mode, sock, out = sys.argv[1:4]
    serial = Serial(sock)
    if mode == "wipe":
        wipe(serial, out)
    elif mode == "window":
        window(serial, out, sys.argv[4])
    else:
        raise SystemExit(f"guest.py: no mode {mode}")


if __name__ == "__main__":
    main()
