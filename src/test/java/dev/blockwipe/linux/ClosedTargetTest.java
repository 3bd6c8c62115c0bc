package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.BlockTarget;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closed target refuses every request: the kernel gives its descriptor number to the next file
 * opened, and a write through the old target would land there.
 */
class ClosedTargetTest {
    private final LinuxTargets targets = new LinuxTargets();

    @TempDir
    Path dir;

    @Test
    void aClosedTargetRefusesToWriteAndTheFileOpenedAfterItKeepsItsBytes() throws Exception {
        Path first = Files.write(dir.resolve("first.img"), new byte[1 << 16]);
        byte[] kept = new byte[1 << 16];
        Arrays.fill(kept, (byte) 0x5a);
        Path second = Files.write(dir.resolve("second.img"), kept);
        BlockTarget closed = targets.open(first.toString(), Access.WRITE);
        closed.close();
        ByteBuffer ones = closed.allocate(4096);
        while (ones.hasRemaining()) {
            ones.put((byte) 0xff);
        }

        try (BlockTarget reusing = targets.open(second.toString(), Access.WRITE)) {
            assertThatThrownBy(() -> closed.write(0, ones.flip())).isInstanceOf(TargetException.class)
                    .hasMessage(first + ": pwrite at 0 refused: the target is closed");
            assertThatThrownBy(() -> closed.writeRepeating(0, ones.rewind(), 4096)).isInstanceOf(TargetException.class)
                    .hasMessageContaining("refused: the target is closed");
            assertThat(reusing.info().path()).isEqualTo(second.toString());
        }
        assertThat(Files.readAllBytes(second)).isEqualTo(kept);
        assertThat(Files.readAllBytes(first)).isEqualTo(new byte[1 << 16]);
    }

    @Test
    void aClosedTargetRefusesToReadOrSync() throws Exception {
        Path file = Files.write(dir.resolve("disk.img"), new byte[1 << 16]);
        BlockTarget target = targets.open(file.toString(), Access.WRITE);
        ByteBuffer buffer = target.allocate(4096);
        target.close();

        assertThatThrownBy(() -> target.read(0, buffer)).isInstanceOf(TargetException.class)
                .hasMessage(file + ": pread at 0 refused: the target is closed");
        assertThatThrownBy(target::sync).isInstanceOf(TargetException.class)
                .hasMessage(file + ": fdatasync refused: the target is closed");
    }
}
