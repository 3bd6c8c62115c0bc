#!/usr/bin/env bash
# Times the parts of a scan of this machine's real block devices (exclusive opens, /proc, sysfs).
# Usage: sudo src/bench/inventory-parts.sh [runs]   (root: another user's exclusive opens fail at once)
set -euo pipefail
cd "$(dirname "$0")/../.."
mvn -q -B -DskipTests test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.classpath >/dev/null
java -cp "target/test-classes:target/classes:$(cat target/bench.classpath)" dev.blockwipe.linux.InventoryPartsBenchmark "$@"
