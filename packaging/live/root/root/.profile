# root's login shell on the stick: tty1 and the serial line run what the boot menu chose
if [ "$BASH" ]; then . ~/.bashrc 2>/dev/null; fi
/usr/lib/blockwipe-live/session
