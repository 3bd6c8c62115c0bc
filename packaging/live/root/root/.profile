# root's login shell on the stick: tty1 and the serial line run what the boot menu chose
if [ "$BASH" ]; then . ~/.bashrc 2>/dev/null; fi
# UTF-8 (built into the C library): the console UI draws "·" and "✓", not "?"
export LANG=C.UTF-8
/usr/lib/blockwipe-live/session
