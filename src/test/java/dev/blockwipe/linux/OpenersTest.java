package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.devices.DeviceNumber;
import dev.blockwipe.devices.FileKey;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenersTest {
    @TempDir
    Path dir;

    @Test
    void anotherProcessHoldingAFileIsNamedWithItsPidAndCommand() throws Exception {
        Path image = Files.write(dir.resolve("disk.img"), new byte[4096]);
        // Ready once it is sleep: the shell's exec keeps descriptor 3. A file the shell made before
        // its exec was a race: under load the check could still find the process named "sh".
        Process holder = new ProcessBuilder("sh", "-c", "exec 3<\"$1\"; exec sleep 60", "sh", image.toString()).start();
        try {
            Path comm = Path.of("/proc", Long.toString(holder.pid()), "comm");
            for (int i = 0; i < 600 && !Files.readString(comm).strip().equals("sleep"); i++) {
                Thread.sleep(50);
            }
            assertThat(Files.readString(comm).strip()).isEqualTo("sleep");
            Statx st = Statx.ofPath(image.toString());
            FileKey key = new FileKey(new DeviceNumber(st.devMajor(), st.devMinor()), st.inode());

            assertThat(new Openers(Path.of("/proc")).read().of(key)).containsExactly(holder.pid() + " (sleep)");
        } finally {
            holder.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aProcThatCannotBeListedIsAnErrorNotNothingOpen() {
        assertThatThrownBy(() -> new Openers(dir.resolve("no-proc")).read()).isInstanceOf(NoSuchFileException.class);
    }
}
