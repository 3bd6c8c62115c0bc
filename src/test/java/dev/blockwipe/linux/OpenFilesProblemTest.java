package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.OpenFiles;
import dev.blockwipe.devices.UsageFacts;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.FutureTask;
import org.junit.jupiter.api.Test;

/** Whatever keeps the scan from telling who has devices open blocks every device, with the reason: never "nobody". */
class OpenFilesProblemTest {
    private static final UsageFacts NOTHING = new UsageFacts(List.of(), List.of(), List.of(), null);

    private static UsageFacts after(FutureTask<OpenFiles> read) {
        read.run();
        return LinuxInventory.withOpenFiles(NOTHING, read);
    }

    @Test
    void aProcThatCannotBeReadBlocksWithWhy() {
        UsageFacts usage = after(new FutureTask<>(() -> {
            throw new IOException("/proc/77/fd: java.nio.file.NotDirectoryException");
        }));

        assertThat(usage.problem()).isEqualTo("cannot tell which processes have devices open: /proc cannot be read"
                + " (/proc/77/fd: java.nio.file.NotDirectoryException)");
    }

    @Test
    void aBugWhileProcIsReadBlocksInsteadOfEndingTheScan() {
        UsageFacts usage = after(new FutureTask<>(() -> {
            throw new IllegalStateException("a parser's bug");
        }));

        assertThat(usage.problem()).isEqualTo("cannot tell which processes have devices open: reading /proc failed"
                + " (java.lang.IllegalStateException: a parser's bug)");
    }
}
