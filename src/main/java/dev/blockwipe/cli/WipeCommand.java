package dev.blockwipe.cli;

import dev.blockwipe.devices.DeviceInventory;
import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.devices.SharedDevices;
import dev.blockwipe.devices.SignatureProbe;
import dev.blockwipe.report.BuildInfo;
import dev.blockwipe.report.CertifiedDevice;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.report.Operator;
import dev.blockwipe.report.ReportStore;
import dev.blockwipe.report.ResultSummary;
import dev.blockwipe.report.Settings;
import dev.blockwipe.engine.Access;
import dev.blockwipe.engine.BlockTarget;
import dev.blockwipe.engine.JobQueue;
import dev.blockwipe.engine.Keystreams;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.TargetIdentity;
import dev.blockwipe.engine.TargetInfo;
import dev.blockwipe.engine.TargetOpener;
import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.TargetRefusedException.Reason;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.Verification;
import dev.blockwipe.engine.WipeJob;
import dev.blockwipe.engine.WipeListener;
import dev.blockwipe.engine.WipeMethod;
import dev.blockwipe.engine.WipeMethods;
import dev.blockwipe.engine.WipeRequest;
import dev.blockwipe.engine.WipeResult;
import dev.blockwipe.linux.Blkid;
import dev.blockwipe.linux.HostFacts;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.linux.OpenSslKeystreams;
import dev.blockwipe.linux.Terminal;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code blockwipe wipe}: every target is checked, confirmed and opened exclusively before the
 * first byte is written to any of them; then they are wiped in parallel, except that targets on
 * one disk (or one spinning disk underneath) take turns.
 */
@Command(name = "wipe", mixinStandardHelpOptions = true,
        description = {"Erase block devices or image files.",
            "Every target must be confirmed by name (--yes=NAME, or typed at the prompt). All targets are checked"
                    + " and opened exclusively before anything is written. Then they are wiped in parallel;"
                    + " targets that share a disk (partitions of one disk, images on one spinning disk) take turns."})
final class WipeCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "TARGET", description = "Block devices (/dev/sdb, /dev/loop3p1) or image files.")
    private List<String> targets;

    @Option(names = {"-m", "--method"}, paramLabel = "METHOD",
            description = "zero, one, random, nist-clear, dod-short, dod, gutmann, schneier, hmg-is5-enhanced, vsitr,"
                    + " zeroout, discard, secure-discard (see: blockwipe methods).")
    private String method;

    @Option(names = "--passes", paramLabel = "LIST",
            description = "A custom method: passes separated by commas, each 'random' or hex bytes (0x00,0xff,random,0x924924).")
    private String passes;

    @Option(names = "--verify", paramLabel = "MODE", defaultValue = "last",
            description = "off, last (default), all, or sample:N%% (N%% of the target, evenly spread).")
    private String verify;

    @Option(names = "--blank", description = "Add a final pass of zeroes.")
    private boolean blank;

    @Option(names = "--block-size", paramLabel = "SIZE", description = "Bytes per request (default 4M; K, M suffixes).")
    private String blockSize;

    @Option(names = "--queue-depth", paramLabel = "N",
            description = "Requests in flight (default: 4, or 1 on rotational disks).")
    private int queueDepth;

    @Option(names = "--yes", paramLabel = "NAME", description = "Confirm the target NAME (device name as in lsblk, file name, or the path). Once per target.")
    private List<String> yes = new ArrayList<>();

    @Option(names = "--json", description = "Print one JSON object per event on standard output.")
    private boolean json;

    @Option(names = {"-n", "--no-act"}, description = "Check, confirm and open the targets, print the plan, write nothing.")
    private boolean noAct;

    @Option(names = "--report-dir", paramLabel = "DIR",
            description = "Where certificates go (default: /var/lib/blockwipe/reports for root, ~/.local/share/blockwipe/reports otherwise).")
    private Path reportDir;

    @Option(names = "--config-dir", paramLabel = "DIR",
            description = "Where the signing key and blockwipe.properties live (default: ~/.config/blockwipe).")
    private Path configDir;

    @Option(names = "--operator", paramLabel = "NAME", description = "The operator named on the certificates.")
    private String operator;

    @Option(names = "--organisation", paramLabel = "ORG", description = "The operator's organisation, for the certificates.")
    private String organisation;

    @Option(names = "--force", description = "Wipe although a fact could not be read, or an image file backs a loop device."
            + " Never overrides: system disk, mounted, swap, held by RAID/LVM/dm, read-only.")
    private boolean force;

    private final TargetOpener opener;
    private final InventorySource inventory;
    private final SignatureProbe probe;
    private final Preflight preflight;
    private final Map<String, CertifiedDevice> certified = new LinkedHashMap<>();

    WipeCommand() {
        this(new LinuxTargets(), new LinuxInventory(false), new Blkid());
    }

    WipeCommand(TargetOpener opener, InventorySource inventory, SignatureProbe probe) {
        this.opener = opener;
        this.inventory = inventory;
        this.probe = probe;
        this.preflight = new Preflight(probe);
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        WipeRequest request = request();
        Map<String, TargetIdentity> nodes = new LinkedHashMap<>();
        for (String path : targets) {
            nodes.put(path, opener.identify(path));
        }
        Map<String, SafetyVerdict> verdicts = judge(nodes, err).verdicts();
        Certifier certifier = certifier();
        List<TargetInfo> infos = new ArrayList<>();
        for (String path : targets) {
            infos.add(opener.probe(path));
        }
        new Confirmation(yes, terminalInput(), err).confirmAll(infos, t -> verdicts.get(t.path()).describe());
        // again, right before the open: the facts may have changed while the user typed
        SharedDevices shared = new SharedDevices(judge(nodes, null).devices());
        List<Set<String>> keys = targets.stream().map(path -> shared.keys(nodes.get(path))).toList();
        List<BlockTarget> opened = openAll(infos);
        List<WipeJob> jobs = new ArrayList<>();
        try {
            Keystreams keystreams = OpenSslKeystreams.best();
            for (BlockTarget target : opened) {
                WipeJob job = new WipeJob(request, keystreams);
                job.validate(target);
                jobs.add(job);
            }
            if (noAct) {
                for (BlockTarget target : opened) {
                    int passCount = request.method().passCount() + (request.blank() ? 1 : 0);
                    out.println(target.info().describe() + ": would wipe with " + request.method().name() + " ("
                            + passCount + (passCount == 1 ? " pass" : " passes") + "), verify "
                            + request.verification().text() + "; nothing written (--no-act)");
                }
                return ExitCode.OK;
            }
            return wipeAll(opened, jobs, keys, certifier, out, err);
        } finally {
            closeAll(opened, err);
        }
    }

    /**
     * Runs every job on its own thread. Jobs whose targets share a disk (see {@link SharedDevices})
     * queue behind each other in the order given; the rest run at once. The main thread only hands
     * out turns and collects exit codes.
     */
    private int wipeAll(List<BlockTarget> opened, List<WipeJob> jobs, List<Set<String>> keys, Certifier certifier,
                        PrintWriter out, PrintWriter err) {
        ProgressBoard board = json ? null : new ProgressBoard(err, Terminal.isTerminal(2));
        JobQueue<Integer> queue = new JobQueue<>();
        List<Integer> codes = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(opened.size(),
                r -> new Thread(r, "blockwipe-job"));
        CompletionService<Integer> ended = new ExecutorCompletionService<>(pool);
        Map<Future<Integer>, Integer> running = new HashMap<>();
        try (CancelOnShutdown interrupts = new CancelOnShutdown()) {
            try {
                for (int i = 0; i < opened.size(); i++) {
                    if (queue.offer(i, keys.get(i))) {
                        running.put(ended.submit(wipeOne(opened.get(i), jobs.get(i), certifier, board, interrupts, out,
                                err)), i);
                    } else {
                        String path = opened.get(i).info().path();
                        queue.blocker(i).ifPresent(b -> waiting(path, opened.get(b.getKey()).info().path(), b.getValue(),
                                out, err));
                    }
                }
                while (!running.isEmpty()) {
                    Future<Integer> f = ended.take();
                    codes.add(f.get());
                    for (int next : queue.finished(running.remove(f))) {
                        if (interrupts.token().isCancelled()) {
                            codes.add(ExitCode.CANCELLED);
                            err.println(opened.get(next).info().path() + ": not started (cancelled)");
                        } else {
                            running.put(ended.submit(wipeOne(opened.get(next), jobs.get(next), certifier, board,
                                    interrupts, out, err)), next);
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                codes.add(ExitCode.CANCELLED);
            } catch (ExecutionException e) {
                throw new IllegalStateException("a wipe job failed unexpectedly", e.getCause());
            } finally {
                // on an unexpected end, stop the other jobs before their targets are closed under them
                if (!running.isEmpty()) {
                    interrupts.token().cancel();
                }
                awaitJobs(pool);
            }
        }
        return ExitCode.worst(codes);
    }

    private void waiting(String path, String behind, String shared, PrintWriter out, PrintWriter err) {
        if (json) {
            new JsonLines(out).waiting(path, behind, shared);
        } else {
            err.println(path + ": waits for " + behind + " (they share " + shared + ")");
        }
    }

    private Callable<Integer> wipeOne(BlockTarget target, WipeJob job, Certifier certifier, ProgressBoard board,
                                      CancelOnShutdown interrupts, PrintWriter out, PrintWriter err) {
        return () -> {
            TargetInfo info = target.info();
            Thread.currentThread().setName("blockwipe-" + info.name());
            JsonLines jsonLines = json ? new JsonLines(out) : null;
            WipeListener display = json ? jsonLines : board.job();
            Certifier.Paperwork paperwork = certifier.begin(info, certified.get(info.path()));
            WipeResult result;
            try {
                result = job.run(target, WipeListener.all(display, paperwork), interrupts.token());
            } catch (TargetException e) {
                err.println("blockwipe: " + e.getMessage());
                return ExitCode.of(e);
            }
            synchronized (out) {
                if (!json) {
                    out.println(ResultSummary.result(result));
                    result.warnings().forEach(w -> err.println(result.target().path() + ": warning: " + w));
                }
                int code = certify(paperwork, result, jsonLines, out, err);
                out.flush();
                return code;
            }
        };
    }

    private static void awaitJobs(ExecutorService pool) {
        pool.shutdown();
        boolean interrupted = false;
        while (!pool.isTerminated()) {
            try {
                pool.awaitTermination(1, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Writes the job's certificate; a failure is reported beside the result, which stands. */
    private static int certify(Certifier.Paperwork paperwork, WipeResult result, JsonLines jsonLines, PrintWriter out,
                               PrintWriter err) {
        int code = ExitCode.of(result);
        try {
            ReportStore.CertificateFiles files = paperwork.finish(result);
            if (jsonLines != null) {
                jsonLines.certificate(result.target().path(), files);
            } else {
                out.println(result.target().path() + ": certificate " + files.pdf() + " (signed JSON " + files.json() + ")");
            }
            return code;
        } catch (IOException e) {
            err.println("blockwipe: " + result.target().path() + ": the certificate could not be written: " + e.getMessage()
                    + " (the result above stands)");
            return code == ExitCode.OK ? ExitCode.NO_CERTIFICATE : code;
        }
    }

    private Certifier certifier() throws IOException {
        Settings settings = Settings.load(System.getenv(), System.getProperty("user.home"), Terminal.isRoot(), configDir);
        if (reportDir != null) {
            settings = settings.withReportDir(reportDir);
        }
        if (operator != null || organisation != null) {
            settings = settings.withOperator(new Operator(
                    operator != null ? operator : settings.operator().name(),
                    organisation != null ? organisation : settings.operator().organisation()));
        }
        return new Certifier(settings, HostFacts.read(), BuildInfo.current());
    }

    private WipeRequest request() {
        if (method == null && passes == null) {
            throw new UsageException("choose a method: --method " + String.join("|", WipeMethods.names())
                    + ", or --passes LIST");
        }
        if (method != null && passes != null) {
            throw new UsageException("--method and --passes exclude each other (--passes defines a custom method)");
        }
        try {
            WipeMethod m = passes != null ? WipeMethods.custom(passes) : WipeMethods.byName(method)
                    .orElseThrow(() -> new UsageException("unknown method '" + method + "'; methods: "
                            + String.join(", ", WipeMethods.names())));
            return new WipeRequest(m, Verification.parse(verify), blank, blockSizeBytes(blockSize), queueDepth);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e);
        }
    }

    /** 0 for the default; sizes beyond the largest block size fail here, before they could overflow an int. */
    static int blockSizeBytes(String text) {
        if (text == null) {
            return 0;
        }
        long bytes = Units.parseSize(text);
        if (bytes > WipeRequest.MAX_BLOCK_SIZE) {
            throw new IllegalArgumentException("block size must be at most " + Units.bytes(WipeRequest.MAX_BLOCK_SIZE)
                    + ", not " + text);
        }
        return (int) bytes;
    }

    /**
     * The safety verdict of every target from a fresh inventory; a blocked one stops the command.
     * Reading the inventory must succeed: without it nothing can be judged, so nothing is wiped.
     *
     * @param err where what --force overrides is announced, or null to stay quiet
     */
    private Judgement judge(Map<String, TargetIdentity> nodes, PrintWriter err) throws IOException {
        DeviceInventory devices;
        try {
            devices = inventory.scan();
        } catch (IOException e) {
            throw new TargetRefusedException(targets.get(0), Reason.BLOCKED,
                    "cannot read the device inventory, so cannot tell what is in use: " + e.getMessage());
        }
        Map<String, SafetyVerdict> verdicts = new LinkedHashMap<>();
        for (Map.Entry<String, TargetIdentity> node : nodes.entrySet()) {
            String path = node.getKey();
            certified.put(path, CertifiedDevice.before(devices, probe, path, node.getValue()));
            SafetyVerdict plain = preflight.verdict(devices, path, node.getValue(), false);
            SafetyVerdict verdict = force ? preflight.verdict(devices, path, node.getValue(), true) : plain;
            if (verdict instanceof SafetyVerdict.Blocked b) {
                throw new TargetRefusedException(path, Reason.BLOCKED, "refused: " + b.describe()
                        + (b.reason().forceOverrides() ? " (--force overrides this)" : ""));
            }
            if (plain instanceof SafetyVerdict.Blocked b && err != null) {
                err.println("blockwipe: " + path + ": --force: going ahead although it " + b.describe());
            }
            verdicts.put(path, verdict);
        }
        return new Judgement(devices, verdicts);
    }

    private record Judgement(DeviceInventory devices, Map<String, SafetyVerdict> verdicts) {
    }

    /** All or nothing: a target that cannot be opened stops the command before any write. */
    private List<BlockTarget> openAll(List<TargetInfo> infos) throws IOException {
        List<BlockTarget> opened = new ArrayList<>();
        try {
            for (TargetInfo info : infos) {
                opened.add(opener.open(info.path(), Access.WRITE, info.identity()));
            }
            return opened;
        } catch (IOException | RuntimeException e) {
            for (BlockTarget t : opened) {
                try {
                    t.close();
                } catch (IOException closeFailure) {
                    e.addSuppressed(closeFailure);
                }
            }
            throw e;
        }
    }

    private static void closeAll(List<BlockTarget> opened, PrintWriter err) {
        for (BlockTarget t : opened) {
            try {
                t.close();
            } catch (IOException e) {
                err.println("blockwipe: " + e.getMessage());
            }
        }
    }

    private static BufferedReader terminalInput() {
        return Terminal.isTerminal(0) && Terminal.isTerminal(2)
                ? new BufferedReader(new InputStreamReader(System.in, Charset.defaultCharset()))
                : null;
    }
}
