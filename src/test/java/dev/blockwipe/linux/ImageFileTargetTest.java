package dev.blockwipe.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.OperationNotSupportedException;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.io.IoMode;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.job.FinalState;
import dev.blockwipe.engine.job.WipeJob;
import dev.blockwipe.engine.job.WipeListener;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.testing.Expected;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Image files through the real native path (no root needed). */
class ImageFileTargetTest {
    private final LinuxTargets targets = new LinuxTargets();

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {1, 511, 513, 4097, (1 << 20) + 7, 3 << 20})
    void oddSizesAreWipedToTheLastByteAndKeepTheirSize(int size) throws Exception {
        Path file = randomFile("odd.img", size);
        WipeResult result = wipe(file, WipeRequest.of(WipeMethods.custom("random,0x924924")).withBlockSize(64 << 10));
        assertThat(result.state()).isEqualTo(FinalState.ERASED);
        assertThat(Files.size(file)).isEqualTo(size);
        assertThat(Files.readAllBytes(file)).isEqualTo(Expected.bytes(Pattern.Repeating.of(0x92, 0x49, 0x24), size));
        assertThat(result.verification().bytesVerified()).isEqualTo(size);
    }

    @Test
    void filesOnAFileSystemWithDirectIoAreWrittenWithODirect() throws Exception {
        Path file = randomFile("d.img", 1 << 20);
        try (BlockTarget t = targets.open(file.toString(), Access.WRITE)) {
            assertThat(t.info().ioMode()).isEqualTo(IoMode.DIRECT);
            assertThat(t.info().name()).isEqualTo("d.img");
        }
    }

    /**
     * Buffers of whole huge pages start on one, smaller ones on a page, and a random wipe and its
     * read-back work through them (that the engine has its target make its buffers: WipeJobTest).
     */
    @Test
    void buffersOfWholeHugePagesStartOnOneSmallerOnesOnAPageAndAWipeWorksThroughThem() throws Exception {
        Path file = randomFile("h.img", 24 << 20);
        try (BlockTarget t = targets.open(file.toString(), Access.WRITE)) {
            for (int size : new int[] {4 << 20, 8 << 20}) {
                assertThat(Pointer.nativeValue(Native.getDirectBufferPointer(t.allocate(size))) % HugePageBuffers.HUGE_PAGE)
                        .as("%d bytes start on a huge page", size).isZero();
            }
            for (int size : new int[] {512, 6 << 10, 1 << 20, 3 << 20}) {
                ByteBuffer small = t.allocate(size);
                assertThat(small.capacity()).isEqualTo(size);
                assertThat(small.alignmentOffset(0, 4096)).as("%d bytes start on a page", size).isZero();
            }
            WipeResult result = new WipeJob(WipeRequest.of(WipeMethods.byName("random").orElseThrow())
                    .withVerification(new Verification.Last())).run(t, WipeListener.NONE, new CancelToken());
            assertThat(result.state()).isEqualTo(FinalState.ERASED);
            assertThat(result.passes().get(0).requests().bytes()).isEqualTo(4 << 20);
            assertThat(result.verification().bytesVerified()).isEqualTo(24 << 20);
        }
    }

    @Test
    void zeroOutAndDiscardUseFallocateAndLeaveZeroesButProveNoErasure() throws Exception {
        for (String method : new String[] {"zeroout", "discard"}) {
            Path file = randomFile(method + ".img", 5 << 20);
            WipeResult result = wipe(file, WipeRequest.of(WipeMethods.byName(method).orElseThrow()));
            assertThat(result.state()).as(method).isEqualTo(FinalState.UNPROVEN);
            assertThat(result.unproven()).as(method).contains("block map");
            assertThat(Files.readAllBytes(file)).as(method).containsOnly((byte) 0);
            assertThat(Files.size(file)).isEqualTo(5 << 20);
        }
    }

    @Test
    void secureDiscardIsRefusedOnFilesBeforeWriting() throws Exception {
        Path file = randomFile("s.img", 1 << 20);
        byte[] before = Files.readAllBytes(file);
        assertThatThrownBy(() -> wipe(file, WipeRequest.of(WipeMethods.byName("secure-discard").orElseThrow())))
                .isInstanceOf(OperationNotSupportedException.class)
                .hasMessageContaining("BLKSECDISCARD: not supported by this image file");
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    @Test
    void whatWasLocatedIsWhatIsWrittenEvenIfThePathNowNamesAnotherFile() throws Exception {
        Path file = randomFile("r.img", 1 << 20);
        byte[] replacement;
        try (TargetOpener.Located located = targets.locate(file.toString())) {
            Files.move(file, dir.resolve("old.img"));
            replacement = Files.readAllBytes(randomFile("r.img", 1 << 20));
            try (BlockTarget t = located.open(Access.WRITE)) {
                new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow())).run(t, WipeListener.NONE,
                        new CancelToken());
            }
        }
        assertThat(Files.readAllBytes(dir.resolve("old.img"))).containsOnly(0);
        assertThat(Files.readAllBytes(file)).isEqualTo(replacement);
    }

    @Test
    void emptyFilesAreRefused() throws Exception {
        Path file = Files.createFile(dir.resolve("empty.img"));
        assertThatThrownBy(() -> targets.open(file.toString(), Access.WRITE))
                .isInstanceOfSatisfying(TargetRefusedException.class,
                        e -> assertThat(e.reason()).isEqualTo(TargetRefusedException.Reason.EMPTY));
    }

    @Test
    void probingTellsSizeAndBlockSizesWithoutWriting() throws Exception {
        Path file = randomFile("p.img", 12345);
        byte[] before = Files.readAllBytes(file);
        TargetInfo info;
        try (BlockTarget t = targets.open(file.toString(), Access.READ)) {
            info = t.info();
        }
        assertThat(info.size()).isEqualTo(12345);
        assertThat(info.logicalBlockSize()).isGreaterThanOrEqualTo(512);
        assertThat(info.physicalBlockSize()).isEqualTo(4096);
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    private WipeResult wipe(Path file, WipeRequest request) throws Exception {
        try (BlockTarget t = targets.open(file.toString(), Access.WRITE)) {
            return new WipeJob(request.withVerification(new Verification.Last())).run(t, WipeListener.NONE, new CancelToken());
        }
    }

    private Path randomFile(String name, int size) throws Exception {
        byte[] data = new byte[size];
        new Random(size).nextBytes(data);
        return Files.write(dir.resolve(name), data);
    }
}
