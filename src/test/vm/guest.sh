#!/usr/bin/env bash
# In the lab's guest: runs scenario classes (dev.blockwipe.lab.*InGuest) with the test classpath
# the host wrote into CLASSPATH_FILE, as the window tests run on the host (Monocle, headless).
#   guest.sh CLASSPATH_FILE CLASS...
set -u
classpath=$(cat "$1")
# a crash report lands beside the classpath file: the host's test folder, kept when the test fails
errors=$(dirname "$1")
shift
# The CPU is emulated: C1 alone compiles a window scenario's code in half the time it takes with C2
# as well (a window opened in 29 s instead of 49 s), and TestFX, which waits 60 s for the toolkit
# and 30 s for a window to be set up, waits five minutes here.
exec "${JAVA:-java}" -XX:TieredStopAtLevel=1 -Dtestfx.launch.timeout=300000 -Dtestfx.setup.timeout=300000 -Dtestfx.robot=glass -Dtestfx.headless=true -Dglass.platform=Monocle -Dmonocle.platform=Headless \
  -Dheadless.geometry=1600x1200-32 -Dprism.order=sw -Dprism.text=t2k -Djava.awt.headless=true \
  -XX:ErrorFile="$errors/hs_err_pid%p.log" -Dblockwipe.jar="${BLOCKWIPE_JAR:-}" -cp "$classpath" dev.blockwipe.lab.GuestMain "$@"
