package dev.blockwipe.cli;

import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.bench.Benchmark;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.linux.Terminal;
import dev.blockwipe.report.BenchmarkDocument;
import dev.blockwipe.report.Json;
import dev.blockwipe.service.Admission;
import java.io.IOException;
import java.io.PrintWriter;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code blockwipe bench}: what a disk can do, before a wipe of many hours. Reads by default;
 * {@code --write} also writes, and goes through the same checks and confirmation as a wipe.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Measure a device: sequential throughput at several request sizes and queue depths, throughput"
                + " across the device, and access time.",
            "Only reads, unless --write: then it also writes zeroes over regions spread across the device, which"
                    + " destroys the data there, and must be confirmed like a wipe."})
final class BenchCommand implements Callable<Integer> {
    private static final int PROFILE_ROWS = 10;
    private static final int BAR_WIDTH = 40;

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "TARGET", description = "A block device or image file.")
    private String target;

    @Option(names = "--write", description = "Also measure writes (destroys data; needs the confirmation of a wipe).")
    private boolean write;

    @Option(names = "--samples", paramLabel = "N", description = "Positions measured across the device (default 50).")
    private int samples = Benchmark.Options.DEFAULT.samples();

    @Option(names = "--sample-size", paramLabel = "SIZE",
            description = "Bytes measured at each position, at most (default 64M; 1M to 1G).")
    private String sampleSize = String.valueOf(Benchmark.Options.DEFAULT.sampleBytes());

    @Option(names = "--access-reads", paramLabel = "N",
            description = "Random reads timed for the access time (default 200; at most 5 s).")
    private int accessReads = Benchmark.Options.DEFAULT.accessReads();

    @Option(names = "--yes", paramLabel = "NAME", description = "With --write: confirm the target by name.")
    private List<String> yes = new ArrayList<>();

    @Option(names = "--force", description = "With --write: as for wipe.")
    private boolean force;

    @Option(names = "--json", description = "Print the result as one JSON object on standard output.")
    private boolean json;

    private final TargetOpener opener;
    private final InventorySource inventory;

    BenchCommand() {
        this(new LinuxTargets(), new LinuxInventory());
    }

    BenchCommand(TargetOpener opener, InventorySource inventory) {
        this.opener = opener;
        this.inventory = inventory;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Benchmark benchmark;
        try {
            benchmark = new Benchmark(new Benchmark.Options(write, samples, Units.parseSize(sampleSize), accessReads),
                    System::nanoTime, new SecureRandom());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e);
        }
        if (!write && (!yes.isEmpty() || force)) {
            throw new UsageException("--yes and --force belong to --write; a read benchmark writes nothing");
        }
        if (write) {
            inventory.prepare();
        }
        List<BlockTarget> opened = write
                ? new Admission(opener, new Preflight(inventory), force, Admission.Pause.NONE)
                        .admit(List.of(target), Confirmation.atTerminal(yes, err)).stream()
                        .<BlockTarget>map(Admission.Admitted::target).toList()
                : List.of(opener.open(target, Access.READ));
        try (CancelOnShutdown interrupts = new CancelOnShutdown()) {
            BlockTarget t = opened.get(0);
            Benchmark.Listener display = json ? Benchmark.Listener.NONE : new Table(t.info(), out, err);
            Benchmark.Result result = benchmark.run(t, display, interrupts.token());
            if (json) {
                out.println(Json.mapper().writeValueAsString(BenchmarkDocument.of(result)));
            } else {
                summary(result, out);
            }
            out.flush();
            return result.complete() ? ExitCode.OK : ExitCode.CANCELLED;
        } finally {
            Admission.closeAll(opened, WipeCommand.closeFailed(err));
        }
    }

    /** Prints the matrix a row at a time, as the measurements come in. */
    private final class Table implements Benchmark.Listener {
        private final PrintWriter out;
        private final PrintWriter err;
        private final boolean tty = Terminal.isTerminal(2);
        private final StringBuilder row = new StringBuilder();
        private Access op;
        private int samplesSeen;

        Table(TargetInfo info, PrintWriter out, PrintWriter err) {
            this.out = out;
            this.err = err;
            out.println(info.describe() + ", " + info.ioMode().label() + (write ? "; reads, then writes zeroes"
                    : "; reads only (--write also measures writes)"));
            out.flush();
        }

        @Override
        public void measured(Benchmark.Measurement m) {
            if (m.op() != op) {
                op = m.op();
                samplesSeen = 0;
                out.println();
                out.printf(Locale.ROOT, "sequential %s, MB/s (each: up to %s or %d s)%n", verb(op),
                        Units.bytes(Benchmark.MEASURE_BYTES), Benchmark.MEASURE_NANOS / 1_000_000_000L);
                StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "  %-9s", "request"));
                Benchmark.DEPTHS.forEach(d -> head.append(String.format(Locale.ROOT, "%8s", "QD " + d)));
                out.println(head);
            }
            if (row.length() == 0) {
                row.append(String.format(Locale.ROOT, "  %-9s", Units.bytes(m.blockSize())));
            }
            row.append(String.format(Locale.ROOT, "%8.0f", m.bytesPerSecond() / 1e6));
            if (m.depth() == Benchmark.DEPTHS.get(Benchmark.DEPTHS.size() - 1)) {
                out.println(row);
                out.flush();
                row.setLength(0);
            }
        }

        @Override
        public void sampled(Benchmark.Sample s) {
            samplesSeen++;
            if (tty) {
                err.print("\r" + verb(s.op()) + " across the device: sample " + samplesSeen + " of " + samples
                        + (samplesSeen == samples ? "\033[K\r" : ""));
                err.flush();
            }
        }
    }

    private void summary(Benchmark.Result r, PrintWriter out) {
        for (Access op : write ? List.of(Access.READ, Access.WRITE) : List.of(Access.READ)) {
            List<Benchmark.Sample> profile = r.profile().stream().filter(s -> s.op() == op).toList();
            r.best(op).ifPresent(b -> out.printf(Locale.ROOT, "best %s: %s requests x %d at %s%n", verb(op),
                    Units.bytes(b.blockSize()), b.depth(), Units.rate(b.bytesPerSecond())));
            if (!profile.isEmpty()) {
                profile(op, profile, r, out);
            }
        }
        if (r.accessReads() > 0) {
            out.printf(Locale.ROOT, "access time: %.3f ms, max %.3f ms (%d random reads of one block)%n",
                    r.accessSeconds() * 1000, r.accessMaxSeconds() * 1000, r.accessReads());
        }
        out.printf(Locale.ROOT, "a wipe of this device uses %s requests x %d in flight for repeating patterns%n",
                Units.bytes(r.wipeBlockSize()), r.wipeDepth());
        if (!r.complete()) {
            out.println("cancelled: the figures above are what was measured before");
        }
    }

    /** The profile in up to ten rows (each the mean of its stretch of the device), with bars. */
    private static void profile(Access op, List<Benchmark.Sample> profile, Benchmark.Result r, PrintWriter out) {
        DoubleSummaryStatistics rates = r.profileRates(op);
        double max = rates.getMax();
        out.printf(Locale.ROOT, "%s across the device (%d samples, %s requests x %d): min %s, mean %s, max %s%n",
                verb(op), profile.size(), Units.bytes(r.wipeBlockSize()), r.wipeDepth(), Units.rate(rates.getMin()),
                Units.rate(rates.getAverage()), Units.rate(max));
        int rows = Math.min(PROFILE_ROWS, profile.size());
        for (int row = 0; row < rows; row++) {
            int from = row * profile.size() / rows;
            int to = (row + 1) * profile.size() / rows;
            double rate = profile.subList(from, to).stream().mapToDouble(Benchmark.Sample::bytesPerSecond)
                    .average().orElse(0);
            int bar = max == 0 ? 0 : (int) Math.round(BAR_WIDTH * rate / max);
            out.printf(Locale.ROOT, "  %4.0f%%  %-" + BAR_WIDTH + "s %6.0f MB/s%n", 100 * profile.get(from).position(),
                    "#".repeat(bar), rate / 1e6);
        }
    }

    private static String verb(Access op) {
        return op == Access.READ ? "read" : "write";
    }
}
