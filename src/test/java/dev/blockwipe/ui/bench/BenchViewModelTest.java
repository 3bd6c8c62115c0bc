package dev.blockwipe.ui.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.bench.Benchmark;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.report.ReportStore;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executor;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchViewModelTest {
    @TempDir
    Path dir;

    /** Runs the benchmark only when {@link #runNow()} is called, so a test can look at it while it "runs". */
    private final List<Runnable> pending = new ArrayList<>();

    private Path reports() {
        return BenchFixtures.reports(dir);
    }

    private BenchViewModel benchmarkOf(Path file, String whyNoWrite, Executor background) throws Exception {
        return BenchFixtures.benchmark(dir, file, whyNoWrite, Runnable::run, background);
    }

    private BenchViewModel benchmarkOf(Path file) throws Exception {
        return benchmarkOf(file, "", Runnable::run);
    }

    private void runNow() {
        List.copyOf(pending).forEach(Runnable::run);
        pending.clear();
    }

    private Path image(String name, byte[] data) throws Exception {
        return Files.write(dir.resolve(name), data);
    }

    @Test
    void nothingIsMeasuredBeforeStart() throws Exception {
        BenchViewModel vm = benchmarkOf(image("idle.img", new byte[1 << 20]));

        assertThat(vm.canStartProperty().get()).isTrue();
        assertThat(vm.runningProperty().get()).isFalse();
        assertThat(vm.statusProperty().get()).isEmpty();
        assertThat(vm.matrix()).isEmpty();
        assertThat(reports()).doesNotExist();
    }

    @Test
    void measuresAnImageFileAndSavesEveryFigureBesideTheReportsWithoutWriting() throws Exception {
        byte[] data = new byte[6 << 20];
        new Random(4).nextBytes(data);
        Path img = image("bench.img", data);
        BenchViewModel vm = benchmarkOf(img);

        vm.start();

        assertThat(vm.runningProperty().get()).isFalse();
        assertThat(vm.matrix()).hasSize(Benchmark.BLOCK_SIZES.size() * Benchmark.DEPTHS.size())
                .allSatisfy(m -> assertThat(m.op()).isEqualTo(Access.READ));
        assertThat(vm.profile()).hasSize(3).allSatisfy(s -> assertThat(s.bytes()).isEqualTo(1 << 20));
        assertThat(vm.access()).hasSize(25).allSatisfy(a -> assertThat(a.nanos()).isNotNegative());
        assertThat(vm.resultProperty().get().complete()).isTrue();
        assertThat(vm.statusProperty().get()).startsWith("Fastest read: ").contains("Read across the device: ",
                "Access time", "max", "25 reads", "A wipe uses").doesNotContain("write");
        assertThat(Files.readAllBytes(img)).isEqualTo(data);

        List<Path> saved;
        try (var files = Files.list(reports())) {
            saved = files.toList();
        }
        assertThat(saved).singleElement().satisfies(p -> assertThat(p.getFileName().toString())
                .matches("\\d{8}T\\d{6}Z_test-host_bench\\.img\\.bench\\.json"));
        assertThat(vm.savedProperty().get()).isEqualTo("Saved to " + saved.get(0));
        JsonNode json = new ObjectMapper().readTree(saved.get(0).toFile());
        assertThat(json.get("report").asText()).isEqualTo("blockwipe benchmark");
        assertThat(json.get("host").asText()).isEqualTo("test-host");
        assertThat(json.get("device").get("path").asText()).isEqualTo(img.toString());
        assertThat(json.get("options").get("samples").asInt()).isEqualTo(3);
        assertThat(json.get("sequential")).hasSize(20);
        assertThat(json.get("access")).hasSize(25);
        assertThat(json.get("accessTimeMaxSeconds").asDouble())
                .isGreaterThanOrEqualTo(json.get("accessTimeSeconds").asDouble());
        assertThat(new ReportStore(reports()).list()).as("a benchmark is no certificate").isEmpty();
    }

    @Test
    void whileRunningItCannotStartAgainAndStopKeepsAndSavesWhatWasMeasured() throws Exception {
        BenchViewModel vm = benchmarkOf(image("stop.img", new byte[4 << 20]), "", pending::add);
        vm.matrix().addListener((ListChangeListener<Benchmark.Measurement>) c -> vm.stop());

        vm.start();

        assertThat(vm.runningProperty().get()).isTrue();
        assertThat(vm.canStartProperty().get()).isFalse();
        assertThatThrownBy(vm::start).isInstanceOf(IllegalStateException.class).hasMessageContaining("it runs");

        runNow();

        assertThat(vm.runningProperty().get()).isFalse();
        assertThat(vm.resultProperty().get().complete()).isFalse();
        assertThat(vm.matrix()).hasSize(1);
        assertThat(vm.profile()).isEmpty();
        assertThat(vm.access()).isEmpty();
        assertThat(vm.statusProperty().get()).startsWith("Stopped. ");
        assertThat(vm.savedProperty().get()).startsWith("Saved to " + reports());
        assertThat(vm.canStartProperty().get()).isTrue();
    }

    @Test
    void reRunReplacesTheFiguresAndSavesASecondFile() throws Exception {
        BenchViewModel vm = benchmarkOf(image("again.img", new byte[2 << 20]), "", pending::add);
        vm.start();
        runNow();
        Benchmark.Result first = vm.resultProperty().get();
        String firstFile = vm.savedProperty().get();
        vm.samplesProperty().set(2);

        vm.start();

        assertThat(vm.matrix()).as("cleared for the new run").isEmpty();
        assertThat(vm.resultProperty().get()).isNull();
        runNow();
        assertThat(vm.resultProperty().get()).isNotSameAs(first);
        assertThat(vm.profile()).hasSize(2);
        assertThat(vm.savedProperty().get()).startsWith("Saved to ").isNotEqualTo(firstFile);
        try (var files = Files.list(reports())) {
            assertThat(files.count()).isEqualTo(2);
        }
    }

    @Test
    void settingsOutOfRangeDisableStartWithTheReason() throws Exception {
        BenchViewModel vm = benchmarkOf(image("bad.img", new byte[1 << 20]));

        vm.sampleMiBProperty().set(0);

        assertThat(vm.problemProperty().get()).isEqualTo("sample size: 1 MiB to 1 GiB, not 0 B");
        assertThat(vm.canStartProperty().get()).isFalse();
        assertThatThrownBy(vm::start).isInstanceOf(IllegalStateException.class);

        vm.sampleMiBProperty().set(1);
        vm.samplesProperty().set(1);
        assertThat(vm.problemProperty().get()).startsWith("samples across the device");

        vm.samplesProperty().set(10);
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.canStartProperty().get()).isTrue();
    }

    /** Issue 38: a 64 MiB sample on a 40 MiB device measured the whole device 50 times, and said nothing. */
    @Test
    void aSampleLargerThanTheDeviceIsRefusedWithTheLargestThatFits() throws Exception {
        BenchViewModel vm = benchmarkOf(sparse("forty.img", 40 << 20));

        vm.sampleMiBProperty().set(64);

        assertThat(vm.problemProperty().get())
                .isEqualTo("A sample of 64 MiB is larger than forty.img (40 MiB): choose at most 40 MiB.");
        assertThat(vm.canStartProperty().get()).isFalse();
        assertThatThrownBy(vm::start).isInstanceOf(IllegalStateException.class).hasMessageContaining("larger than");

        vm.sampleMiBProperty().set(40);
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.canStartProperty().get()).isTrue();
    }

    @Test
    void aDeviceSmallerThanTheDefaultSampleOpensOnASampleThatFits() throws Exception {
        BenchViewModel vm = BenchFixtures.asOpened(dir, sparse("small.img", 40 << 20), "", Runnable::run, Runnable::run);

        assertThat(vm.sampleMiBProperty().get()).isEqualTo(40);
        assertThat(vm.problemProperty().get()).isEmpty();
    }

    @Test
    void aLargeDeviceOpensOnTheDefaultSample() throws Exception {
        BenchViewModel vm = BenchFixtures.asOpened(dir, sparse("large.img", 1L << 30), "", Runnable::run, Runnable::run);

        assertThat((long) vm.sampleMiBProperty().get() << 20).isEqualTo(Benchmark.Options.DEFAULT.sampleBytes());
    }

    @Test
    void aDeviceSmallerThanTheSmallestSampleCannotBeBenchmarked() throws Exception {
        BenchViewModel vm = benchmarkOf(image("tiny.img", new byte[512 << 10]));

        assertThat(vm.problemProperty().get())
                .isEqualTo("tiny.img (512 KiB) is smaller than the smallest sample (1 MiB): it cannot be benchmarked.");
        assertThat(vm.canStartProperty().get()).isFalse();
    }

    @Test
    void theHeaderAsksForSettingsThenSaysWhatWasMeasuredAndWhatNext() throws Exception {
        BenchViewModel vm = benchmarkOf(image("header.img", new byte[2 << 20]), "", pending::add);
        assertThat(vm.headerProperty().get()).isEqualTo("header.img (2 MiB Image): choose the settings, then Start");

        vm.start();
        assertThat(vm.headerProperty().get()).isEqualTo("header.img (2 MiB Image): measuring; Stop keeps what is measured so far");
        runNow();

        String fastest = Units.rate(vm.resultProperty().get().best(Access.READ).orElseThrow().bytesPerSecond());
        assertThat(vm.headerProperty().get()).isEqualTo("header.img (2 MiB Image): reads measured, fastest read " + fastest
                + "; the figures are below. Change the settings and Re-run, or Close.");
    }

    @Test
    void theHeaderOfAStoppedRunSaysSo() throws Exception {
        BenchViewModel vm = benchmarkOf(image("stopped.img", new byte[2 << 20]), "", pending::add);
        vm.matrix().addListener((ListChangeListener<Benchmark.Measurement>) c -> vm.stop());

        vm.start();
        runNow();

        assertThat(vm.headerProperty().get()).isEqualTo(
                "stopped.img (2 MiB Image): stopped; what was measured before is below. Re-run to measure again, or Close.");
    }

    private Path sparse(String name, long size) throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve(name).toFile(), "rw")) {
            f.setLength(size);
        }
        return dir.resolve(name);
    }

    @Test
    void writingWaitsForTheWipesTypedConfirmationAndThenWritesZeroes() throws Exception {
        byte[] data = new byte[4 << 20];
        Arrays.fill(data, (byte) 0x77);
        Path img = image("w.img", data);
        BenchViewModel vm = benchmarkOf(img);

        vm.writeProperty().set(true);

        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.confirmation().expected()).isEqualTo("w.img");
        assertThat(vm.canStartProperty().get()).as("not confirmed yet").isFalse();
        vm.confirmation().typedProperty().set("w.im");
        assertThat(vm.canStartProperty().get()).isFalse();
        vm.confirmation().typedProperty().set("w.img");
        assertThat(vm.canStartProperty().get()).isTrue();

        vm.start();

        assertThat(vm.statusProperty().get()).contains("Fastest write: ", "Write across the device: ");
        assertThat(vm.matrix()).anySatisfy(m -> assertThat(m.op()).isEqualTo(Access.WRITE));
        assertThat(vm.profile()).filteredOn(s -> s.op() == Access.WRITE).hasSize(3);
        assertThat(Files.readAllBytes(img)).as("the regions cover this small image").containsOnly((byte) 0);
    }

    @Test
    void writingIsRefusedOnARowAWipeWouldNotAccept() throws Exception {
        byte[] data = new byte[1 << 20];
        Arrays.fill(data, (byte) 0x77);
        Path img = image("blocked.img", data);
        BenchViewModel vm = benchmarkOf(img, "blocked: mounted at /mnt/x", Runnable::run);

        vm.writeProperty().set(true);
        vm.confirmation().typedProperty().set("blocked.img");

        assertThat(vm.problemProperty().get())
                .isEqualTo("Writing is only for a device a wipe would accept (blocked.img: blocked: mounted at /mnt/x).");
        assertThat(vm.canStartProperty().get()).isFalse();
        assertThatThrownBy(vm::start).isInstanceOf(IllegalStateException.class);
        assertThat(Files.readAllBytes(img)).isEqualTo(data);
    }

    /**
     * The typed confirmation names the row as it was listed: a file put in its place after that is
     * refused by the admission, with what changed, and keeps every byte.
     */
    @Test
    void writingToAFileReplacedSinceTheConfirmationIsRefusedAndWritesNothing() throws Exception {
        byte[] data = new byte[4 << 20];
        Arrays.fill(data, (byte) 0x77);
        Path img = image("swapped.img", data);
        BenchViewModel vm = benchmarkOf(img);
        vm.writeProperty().set(true);
        vm.confirmation().typedProperty().set("swapped.img");
        Path other = image("other.img", data);
        Files.move(other, img, StandardCopyOption.REPLACE_EXISTING);

        vm.start();

        assertThat(vm.statusProperty().get()).startsWith("The benchmark stopped: ").contains("changed since you confirmed it");
        assertThat(vm.matrix()).isEmpty();
        assertThat(Files.readAllBytes(img)).isEqualTo(data);
    }

    @Test
    void aTargetThatCannotBeOpenedEndsTheBenchmarkWithTheReason() throws Exception {
        Path img = image("gone.img", new byte[1 << 20]);
        BenchViewModel vm = benchmarkOf(img);
        Files.delete(img);

        vm.start();

        assertThat(vm.runningProperty().get()).isFalse();
        assertThat(vm.statusProperty().get()).startsWith("The benchmark stopped: ").contains("gone.img");
        assertThat(vm.headerProperty().get()).endsWith(": the benchmark stopped, for the reason below. Re-run, or Close.");
        assertThat(vm.matrix()).isEmpty();
    }
}
