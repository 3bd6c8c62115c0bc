package dev.blockwipe.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.devices.Signatures;
import dev.blockwipe.engine.Access;
import dev.blockwipe.engine.Benchmark;
import dev.blockwipe.engine.TargetIdentity;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.testing.FileKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchViewModelTest {
    @TempDir
    Path dir;

    private BenchViewModel benchmarkOf(Path file) throws Exception {
        TargetIdentity identity = Files.exists(file) ? FileKeys.identity(file) : TargetIdentity.file(0, 0, 0, 0);
        RowFacts facts = new RowFacts(file.getFileName().toString(), file.toString(), identity, "", "",
                Files.exists(file) ? Files.size(file) : 0, "Image", "", "", "", Rows.WIPEABLE, Signatures.NONE, List.of());
        return new BenchViewModel(facts, new LinuxTargets(), Runnable::run, Runnable::run);
    }

    @Test
    void measuresAnImageFileAndPublishesEveryFigureWithoutWriting() throws Exception {
        byte[] data = new byte[6 << 20];
        new Random(4).nextBytes(data);
        Path img = Files.write(dir.resolve("bench.img"), data);
        BenchViewModel vm = benchmarkOf(img);

        vm.start();

        assertThat(vm.runningProperty().get()).isFalse();
        assertThat(vm.matrix()).hasSize(Benchmark.BLOCK_SIZES.size() * Benchmark.DEPTHS.size())
                .allSatisfy(m -> assertThat(m.op()).isEqualTo(Access.READ));
        assertThat(vm.profile()).hasSize(BenchViewModel.SAMPLES);
        assertThat(vm.resultProperty().get().complete()).isTrue();
        assertThat(vm.statusProperty().get()).startsWith("Fastest: ").contains("Across the device: ", "Access time",
                "A wipe uses");
        assertThat(Files.readAllBytes(img)).isEqualTo(data);
    }

    @Test
    void aTargetThatCannotBeOpenedEndsTheBenchmarkWithTheReason() throws Exception {
        Path img = Files.write(dir.resolve("gone.img"), new byte[1 << 20]);
        BenchViewModel vm = benchmarkOf(img);
        Files.delete(img);

        vm.start();

        assertThat(vm.runningProperty().get()).isFalse();
        assertThat(vm.statusProperty().get()).startsWith("The benchmark stopped: ").contains("gone.img");
        assertThat(vm.matrix()).isEmpty();
    }
}
