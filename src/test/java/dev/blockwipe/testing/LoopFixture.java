package dev.blockwipe.testing;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the tests of real loop devices share: the class is skipped, with the reason, where loop
 * devices cannot be made (and fails under CI, {@link LoopDevice#assumeAvailable}), and each test
 * has a temporary folder for its image files.
 */
public abstract class LoopFixture {
    protected static final long MIB = 1 << 20;

    /** Where the tests' image files go. */
    @TempDir
    protected Path dir;

    @BeforeAll
    static void needsLoopDevices() {
        LoopDevice.assumeAvailable();
    }
}
