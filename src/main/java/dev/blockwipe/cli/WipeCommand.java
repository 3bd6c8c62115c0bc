package dev.blockwipe.cli;

import dev.blockwipe.devices.FactSheet;
import dev.blockwipe.devices.InventorySource;
import dev.blockwipe.devices.OpenedTarget;
import dev.blockwipe.devices.Preflight;
import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.fault.FaultPolicy;
import dev.blockwipe.engine.firmware.Drives;
import dev.blockwipe.engine.io.BufferPool;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.engine.schedule.JobScheduler;
import dev.blockwipe.linux.HostFacts;
import dev.blockwipe.linux.LinuxInventory;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.linux.OpenSslKeystreams;
import dev.blockwipe.linux.Storage;
import dev.blockwipe.linux.Terminal;
import dev.blockwipe.report.BuildInfo;
import dev.blockwipe.report.CertifiedDevice;
import dev.blockwipe.report.Certifier;
import dev.blockwipe.report.Journal;
import dev.blockwipe.report.Journals;
import dev.blockwipe.report.Operator;
import dev.blockwipe.report.ResultSummary;
import dev.blockwipe.report.Settings;
import dev.blockwipe.service.Admission;
import dev.blockwipe.service.TargetsOverlapException;
import dev.blockwipe.service.WipeService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

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

    @Option(names = {"-m", "--method"}, paramLabel = "METHOD", completionCandidates = MethodNames.class,
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

    @Option(names = "--block-size", paramLabel = "SIZE", description = "Bytes per request, 512 to 64M (default: 4M, 8M on a loop device without direct I/O; K, M suffixes).")
    private String blockSize;

    @Option(names = "--queue-depth", paramLabel = "N",
            description = "Requests in flight, 1 to 32 (default: chosen per device, 2 on rotational disks).")
    private Integer queueDepth;

    @Option(names = "--yes", paramLabel = "NAME", description = "Confirm the target NAME (device name as in lsblk, file name, or the path). Once per target.")
    private List<String> yes = new ArrayList<>();

    @Option(names = "--on-error", paramLabel = "continue|stop", defaultValue = "continue",
            description = "At a bad sector: isolate it and go on (continue, the default), or stop the job there (stop).")
    private String onError;

    @Option(names = "--max-bad", paramLabel = "N", defaultValue = "1000",
            description = "Give a failing disk up after more than N bad ranges (default 1000).")
    private int maxBad;

    @Option(names = "--stall-after", paramLabel = "SECONDS", defaultValue = "120",
            description = "Report a request the device has not answered after this long as stalled (default 120).")
    private long stallAfter;

    @Option(names = "--max-temp", paramLabel = "C",
            description = "Pause writing while the drive reports more than C °C (drivetemp or NVMe sensor), until it is"
                    + " 5 °C below; drives without a sensor are not limited.")
    private Integer maxTemp;

    @Option(names = "--resume", description = "Go on with the interrupted wipe of each TARGET where its journal says it"
            + " stopped: the same method and random keys, from the last point up to which everything was written and"
            + " synced; the final read-back covers the whole target and the certificate every run.")
    private boolean resume;

    @Option(names = "--json", description = "Print one JSON object per event on standard output.")
    private boolean json;

    @Option(names = "--memory", paramLabel = "SIZE", description = "Memory for the I/O buffers of all targets together"
            + " (default: a 32nd of the machine's memory, 64M to 1G; K, M, G suffixes). With less, jobs keep fewer"
            + " requests in flight.")
    private String memory;

    @Option(names = {"-n", "--no-act"}, description = "Check, confirm and open the targets, print the plan, write nothing.")
    private boolean noAct;

    @Mixin
    private PaperFolders papers;

    @Option(names = "--operator", paramLabel = "NAME", description = "The operator named on the certificates.")
    private String operator;

    @Option(names = "--organisation", paramLabel = "ORG", description = "The operator's organisation, for the certificates.")
    private String organisation;

    @Option(names = "--asset-tag", paramLabel = "[NAME=]TAG", description = "The owner's label for a target (inventory"
            + " number), on its certificate. NAME as for --yes; without it, the tag is for the only target. Once per target.")
    private List<String> assetTags = new ArrayList<>();

    @Option(names = "--force", description = "Wipe although a fact could not be read, or the target backs a loop device"
            + " that nothing uses. Never overrides: system disk, mounted, swap, held by RAID/LVM/dm, read-only.")
    private boolean force;

    private final TargetOpener opener;
    private final InventorySource inventory;
    private final Admission.Pause pause;

    WipeCommand() {
        this(new LinuxTargets(), new LinuxInventory(), Admission.Pause.NONE);
    }

    /** @param pause called between the admission's steps (tests make races happen there) */
    WipeCommand(TargetOpener opener, InventorySource inventory, Admission.Pause pause) {
        this.opener = opener;
        this.inventory = inventory;
        this.pause = pause;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        inventory.prepare();
        Certifier.prepareInBackground();
        BufferPool buffers = new BufferPool(memoryBudget(memory));
        FaultPolicy faults = faults();
        if (resume) {
            List<String> given = Stream.of("--method", "--passes", "--verify", "--blank", "--block-size", "--queue-depth")
                    .filter(spec.commandLine().getParseResult()::hasMatchedOption).toList();
            if (!given.isEmpty()) {
                throw new UsageException("--resume goes on with the method and options in the journal; leave out "
                        + String.join(", ", given));
            }
        }
        WipeRequest request = resume ? null : request(faults);
        Keystreams keystreams = resume || request.method().writesRandomData() ? OpenSslKeystreams.fastest() : Keystreams.JCE;
        Certifier certifier = certifier();
        certifier.requireStorage(targets.size()).forEach(w -> err.println("blockwipe: warning: " + w));
        List<Admission.Admitted> admitted = admit(err);
        List<Planned> planned = new ArrayList<>();
        boolean handedOver = false;
        try {
            List<String> tags = AssetTags.assign(assetTags,
                    admitted.stream().map(a -> a.target().info()).toList());
            for (Admission.Admitted a : admitted) {
                CertifiedDevice before = a.before(tags.get(planned.size()));
                Journal journal = journal(certifier, a.target().info(), before, err);
                WipeRequest r = journal != null ? journal.request(faults) : request;
                WipeService.validate(a, r);
                FirmwareMethod.byName(r.method().name()).ifPresent(m -> err.println("blockwipe: "
                        + Units.printable(a.target().info().path()) + ": " + m.cliName() + ": "
                        + FactSheet.firmwareNotice(Drives.probe(a.target().commands()).offer(m))));
                planned.add(new Planned(a, r, before, journal));
            }
            if (noAct) {
                planned.forEach(p -> noAct(p, out));
                return ExitCode.OK;
            }
            handedOver = true;
            return wipeAll(planned, certifier, keystreams, buffers, out, err);
        } finally {
            if (!handedOver) {
                Admission.closeAll(admitted.stream().map(Admission.Admitted::target).toList(), closeFailed(err));
            }
        }
    }

    /**
     * One admitted target's wipe: what it writes (a resumed wipe's comes from its journal), the
     * device as it was before, and the journal it goes on from (null for a new wipe).
     */
    private record Planned(Admission.Admitted target, WipeRequest request, CertifiedDevice before, Journal journal) {
        TargetInfo info() {
            return target.target().info();
        }
    }

    /** The targets, checked, confirmed at the terminal or by --yes, and held open. */
    private List<Admission.Admitted> admit(PrintWriter err) throws IOException {
        try {
            return new Admission(opener, new Preflight(inventory), force, pause).admit(targets,
                    Confirmation.atTerminal(yes, err));
        } catch (TargetsOverlapException e) {
            throw new UsageException(e.getMessage());
        }
    }

    static Consumer<IOException> closeFailed(PrintWriter err) {
        return e -> err.println("blockwipe: " + e.getMessage());
    }

    /**
     * With --resume, the target's journal (none is an error); otherwise null, after a note that a
     * journal of an interrupted wipe is about to be replaced.
     */
    private Journal journal(Certifier certifier, TargetInfo info, CertifiedDevice before, PrintWriter err)
            throws IOException {
        Optional<Journal> found;
        try {
            found = certifier.interrupted(info, before);
        } catch (Journals.RefusedException e) {
            if (resume) {
                throw CannotResumeException.refused(Units.printable(info.path()) + ": cannot resume: " + e.getMessage());
            }
            found = Optional.empty();
        }
        if (resume) {
            return found.orElseThrow(() -> CannotResumeException.nothingToResume(Units.printable(info.path())
                    + ": nothing to resume: no journal of an interrupted wipe of this device in " + certifier.journalDir()
                    + (info.identity().serial().isEmpty() && info.identity().wwn().isEmpty()
                    ? " (a device without a serial number can only be resumed in the boot it was interrupted in)" : "")));
        }
        found.ifPresent(j -> err.println(Units.printable(info.path()) + ": note: this starts over and replaces the journal"
                + " of an interrupted wipe (" + j.describe() + "); --resume goes on with it instead"));
        return null;
    }

    /** The plan of one target, with what its result will be when that is known now (UNPROVEN). */
    private void noAct(Planned p, PrintWriter out) {
        WipeRequest r = p.request();
        WipeMethod m = r.method();
        int passCount = m.passCount() + (r.blank() ? 1 : 0);
        String verification = r.verification().text();
        TargetInfo info = p.info();
        String unproven = info.oldData().whyUnproven(m.technique(), r.verification());
        if (json) {
            new JsonLines(out).plan(info.path(), m.name(), passCount, verification, unproven);
            return;
        }
        String plan = p.journal() != null ? "would resume " + p.journal().describe()
                : "would wipe with " + m.name() + " (" + passCount + (passCount == 1 ? " pass" : " passes") + "), verify "
                        + verification;
        out.println(info.describe() + ": " + plan + (unproven == null ? ""
                : "; the result will be UNPROVEN (exit " + ExitCode.UNVERIFIED + "): " + unproven)
                + "; nothing written (--no-act)");
    }

    /**
     * Hands every wipe to the {@link WipeService}, which runs each on a thread of its own; jobs
     * whose targets share a disk (see {@link dev.blockwipe.devices.SharedDevices}) queue behind
     * each other in the order given, the rest run at once. The main thread waits for them and
     * collects their exit codes.
     */
    private int wipeAll(List<Planned> planned, Certifier certifier, Keystreams keystreams, BufferPool buffers,
                        PrintWriter out, PrintWriter err) {
        ProgressBoard board = json ? null : ProgressBoard.onStandardError(err);
        try (CancelOnShutdown interrupts = new CancelOnShutdown()) {
            Ends ends = new Ends(interrupts.token(), planned.stream().map(Planned::info).toList(), out, err);
            WipeService<OpenedTarget> service = new WipeService<>(keystreams, buffers, () -> { }, ends);
            try {
                service.submit(planned.stream().map(p -> new WipeService.Wipe<>(p.target().target(), p.target(),
                        p.request(), p.before(), p.journal(), certifier, json ? new JsonLines(out) : board.job(),
                        interrupts.token())).toList());
                service.awaitIdle();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                ends.codes.add(ExitCode.CANCELLED);
            } finally {
                // on an unexpected end, stop the other jobs before the process ends under them
                service.close();
                awaitJobs(service);
            }
            if (ends.unexpected != null) {
                throw new IllegalStateException("a wipe job failed unexpectedly", ends.unexpected);
            }
            int code = ExitCode.worst(ends.codes);
            if (!ends.codes.contains(ExitCode.CANCELLED)) {
                interrupts.settled(code);
            }
            return code;
        }
    }

    /**
     * What the service reports: jobs that wait (said once per job), each job's result and
     * certificate with its exit code, a refusal at a job's start, an unexpected failure.
     */
    private final class Ends implements WipeService.Listener<OpenedTarget> {
        private final CancelToken cancel;
        /** Every target of this command: a resume hint confirms one by the name this command did. */
        private final List<TargetInfo> all;
        private final PrintWriter out;
        private final PrintWriter err;
        private final List<Integer> codes = Collections.synchronizedList(new ArrayList<>());
        private final Set<OpenedTarget> announced = ConcurrentHashMap.newKeySet();
        private volatile Throwable unexpected;

        Ends(CancelToken cancel, List<TargetInfo> all, PrintWriter out, PrintWriter err) {
            this.cancel = cancel;
            this.all = all;
            this.out = out;
            this.err = err;
        }

        @Override
        public void waiting(OpenedTarget t, OpenedTarget behind, String shared) {
            if (!announced.add(t)) {
                return;
            }
            if (json) {
                new JsonLines(out).waiting(t.info().path(), behind.info().path(), shared);
            } else {
                err.println(Units.printable(t.info().path()) + ": waits for " + Units.printable(behind.info().path())
                        + " (they share " + shared + ")");
            }
        }

        @Override
        public void ended(OpenedTarget t, JobScheduler.Outcome<Certifier.Report> outcome) {
            if (outcome instanceof JobScheduler.Outcome.Done<Certifier.Report> done) {
                codes.add(reported(done.value()));
            } else if (outcome instanceof JobScheduler.Outcome.Failed<Certifier.Report> failed
                    && failed.error() instanceof TargetException refused) {
                err.println("blockwipe: " + refused.getMessage());
                codes.add(ExitCode.of(refused));
            } else if (outcome instanceof JobScheduler.Outcome.Failed<Certifier.Report> failed) {
                unexpected = failed.error();
                cancel.cancel();
            } else {
                codes.add(ExitCode.CANCELLED);
                err.println(Units.printable(t.info().path()) + ": not started (cancelled)");
            }
        }

        @Override
        public void closeFailed(OpenedTarget t, IOException failure) {
            WipeCommand.closeFailed(err).accept(failure);
        }

        /** Prints a job's result and certificate; returns its exit code. */
        private int reported(Certifier.Report done) {
            WipeResult result = done.result();
            synchronized (out) {
                if (!json) {
                    out.println(ResultSummary.result(result));
                    result.warnings().forEach(w -> err.println(Units.printable(result.target().path()) + ": warning: " + w));
                }
                int code = certify(done, resumeCommand(done.result().target(), all), json ? new JsonLines(out) : null,
                        out, err);
                out.flush();
                return code;
            }
        }
    }

    /** {@code word} as a shell reads it back: as it is when it is plain, else in single quotes. */
    private static String shellWord(String word) {
        return word.matches("[A-Za-z0-9_./:=@%+,-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    /** Waits for the jobs to end, however often the main thread is interrupted meanwhile. */
    private static void awaitJobs(WipeService<?> service) {
        boolean interrupted = false;
        while (true) {
            try {
                service.awaitIdle();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Reports the job's certificate; a failure to write it where it belongs is reported beside the
     * result, which stands, with where the certificate is instead or how it can still be made. A
     * job that stopped early says how to resume it, or why it cannot be.
     */
    private static int certify(Certifier.Report done, String resume, JsonLines jsonLines, PrintWriter out,
                               PrintWriter err) {
        int code = ExitCode.of(done.result());
        String path = Units.printable(done.result().target().path());
        if (done.files() != null) {
            if (jsonLines != null) {
                jsonLines.certificate(done.result().target().path(), done.files());
            } else {
                out.println(path + ": certificate " + done.files().pdf() + " (signed JSON " + done.files().json() + ")");
            }
        }
        String problem = done.files() == null ? "the certificate could not be written: " + done.uncertified()
                + (done.journalKept() && !done.resumable() ? "; the journal is kept: " + resume
                + " reads the target back and writes it" : "")
                : done.misplaced() != null ? "the certificate is not in the reports directory: " + done.misplaced() : null;
        if (problem != null) {
            err.println("blockwipe: " + path + ": " + problem + " (the result above stands)");
            code = code == ExitCode.OK ? ExitCode.NO_CERTIFICATE : code;
        }
        done.problems().forEach(p -> err.println(path + ": warning: " + p));
        if (done.resumable() && jsonLines == null) {
            out.println(path + ": resumable: " + resume);
        }
        return code;
    }

    /**
     * The command that goes on with an interrupted wipe of {@code target}, to be pasted as it is:
     * confirmed by the name this wipe was confirmed by, with the folders this wipe was given (its
     * journal is in one of them), each word quoted for the shell where it needs it.
     */
    private String resumeCommand(TargetInfo target, List<TargetInfo> all) {
        List<String> words = new ArrayList<>(List.of("blockwipe", "wipe", "--resume", target.path(),
                "--yes=" + Confirmation.word(target, all)));
        words.addAll(papers.given());
        return String.join(" ", words.stream().map(WipeCommand::shellWord).toList());
    }

    private Certifier certifier() throws IOException {
        Settings settings = papers.settings();
        if (operator != null || organisation != null) {
            settings = settings.withOperator(new Operator(
                    operator != null ? operator : settings.operator().name(),
                    organisation != null ? organisation : settings.operator().organisation()));
        }
        return new Certifier(settings, HostFacts.read(), BuildInfo.current(), Storage::inMemory);
    }

    private FaultPolicy faults() {
        try {
            return new FaultPolicy(onError(), maxBad, Duration.ofSeconds(stallAfter),
                    maxTemp == null ? 0 : FaultPolicy.chosenLimitCelsius(maxTemp));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e);
        }
    }

    private WipeRequest request(FaultPolicy faults) {
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
            return new WipeRequest(m, Verification.parse(verify), blank, blockSizeBytes(blockSize),
                    queueDepth == null ? 0 : WipeRequest.chosenQueueDepth(queueDepth), faults);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e);
        }
    }

    private boolean onError() {
        return switch (onError) {
            case "continue" -> false;
            case "stop" -> true;
            default -> throw new IllegalArgumentException("--on-error must be continue or stop, not '" + onError + "'");
        };
    }

    /**
     * The buffer budget: as given, or the default for this machine's memory; never beyond what the
     * JVM may allocate as direct memory (by default as much as its heap may grow to).
     */
    static long memoryBudget(String text) {
        if (text == null) {
            return HostFacts.defaultBufferBudget();
        }
        long limit = Runtime.getRuntime().maxMemory();
        long bytes;
        try {
            bytes = Units.parseSize(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e);
        }
        if (bytes < BufferPool.MIN_BUDGET || bytes > limit) {
            throw new UsageException("--memory must be between " + Units.bytes(BufferPool.MIN_BUDGET) + " and "
                    + Units.bytes(limit) + " (what this Java runtime may allocate), not " + text);
        }
        return bytes;
    }

    /** 0 when the option was left out (the default); a size given must be in range, 0 too. */
    static int blockSizeBytes(String text) {
        return text == null ? 0 : WipeRequest.chosenBlockSize(Units.parseSize(text));
    }
}
