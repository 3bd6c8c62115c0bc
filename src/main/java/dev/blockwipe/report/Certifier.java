package dev.blockwipe.report;

import dev.blockwipe.engine.Benchmark;
import dev.blockwipe.engine.BlockTarget;
import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.FinalState;
import dev.blockwipe.engine.ResumePoint;
import dev.blockwipe.engine.SiblingSpeeds;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.TargetInfo;
import dev.blockwipe.engine.WipeEvent;
import dev.blockwipe.engine.WipeJob;
import dev.blockwipe.engine.WipeListener;
import dev.blockwipe.engine.WipeResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Writes a signed certificate (JSON, signature, PDF), a log and a journal for every job that
 * starts. Problems with the reports directory, the journal directory or the key never stop or
 * hide a wipe: they are kept and reported when the job ends, next to its result. The journal is
 * written at the job's start and at each checkpoint, kept when the job stops early (it can be
 * resumed) and deleted when it ran to its end.
 */
public final class Certifier {
    /** How long a job's end waits for its last journal write: a write to a disk that stopped answering never ends. */
    private static final Duration JOURNAL_WAIT = Duration.ofMinutes(2);
    private final ReportStore store;
    private final Journals journals;
    private final Path configDir;
    private final HostInfo host;
    private final Operator operator;
    /** The write rates of this session's disks by model, for the slow-disk warning. */
    private final SiblingSpeeds siblings;
    private final BuildInfo build;
    private final int uid;
    private SigningKey key;

    public Certifier(Settings settings, HostInfo host, BuildInfo build) {
        this(settings, host, build, new SiblingSpeeds());
    }

    private Certifier(Settings settings, HostInfo host, BuildInfo build, SiblingSpeeds siblings) {
        this.siblings = siblings;
        this.store = new ReportStore(settings.reportDir());
        this.journals = new Journals(settings.journalDir(), settings.uid());
        this.configDir = settings.configDir();
        this.host = host;
        this.operator = settings.operator();
        this.build = build;
        this.uid = settings.uid();
    }

    /**
     * The same session with changed settings (another operator, reports directory): the disks
     * wiped so far still count as the siblings of the next ones.
     */
    public Certifier withSettings(Settings changed) {
        return new Certifier(changed, host, build, siblings);
    }

    public Path reportDir() {
        return store.dir();
    }

    /**
     * Saves a benchmark's figures in the reports directory, named like the device's certificates
     * (its serial, or its name when it has none).
     *
     * @return the file written
     */
    public Path saveBenchmark(Benchmark.Result result) throws IOException {
        Instant now = Instant.now();
        String serial = result.target().identity().serial();
        return store.writeBenchmark(now, host.hostname(), serial.isEmpty() ? result.target().name() : serial, uid,
                new BenchmarkJson(Json.mapper()).report(result, now, host));
    }

    /**
     * What the paperwork made of a wipe that ran: its result, its certificate or why there is none
     * ({@code uncertified}), whether it can be resumed, and why its journal could not be written (or null).
     */
    public record Report(WipeResult result, ReportStore.CertificateFiles files, String uncertified, boolean resumable,
                         String journalProblem) {
    }

    /**
     * Runs {@code job} on {@code target} with its paperwork, in the order that leaves no loose ends:
     * the job is validated against the target first, so a target it cannot run on leaves no log and
     * no reserved certificate behind; then the log and the journal open and the job runs (on from
     * {@code journal} when that is not null); the result is compared with the disks of the same model
     * this certifier saw before ({@link SiblingSpeeds}); then the paperwork finishes, with a certificate or the
     * reason there is none, whether the wipe erased, failed or was cancelled. Should the job throw
     * once the log is open, the log says so and is closed before the exception goes on.
     *
     * @throws TargetException the job cannot run on the target; nothing was written
     */
    public Report wipe(BlockTarget target, WipeJob job, CertifiedDevice before, Journal journal, WipeListener display,
                        CancelToken cancel) throws TargetException {
        job.validate(target);
        Paperwork paperwork = journal != null ? resume(target.info(), before, journal) : begin(target.info(), before);
        WipeListener listener = WipeListener.all(display, paperwork);
        WipeResult result;
        try {
            result = journal != null ? job.resume(target, journal.plan(), journal.resumePoint(), listener, cancel)
                    : job.run(target, listener, cancel);
        } catch (TargetException | RuntimeException | Error e) {
            paperwork.abandon(e);
            throw e;
        }
        result = siblings.judge(before.model(), result);
        ReportStore.CertificateFiles files = null;
        String uncertified = null;
        try {
            files = paperwork.finish(result);
        } catch (IOException e) {
            uncertified = e.getMessage();
        } catch (RuntimeException e) {
            // a defect in rendering or signing must not lose the result, which stands; it is reported beside it
            uncertified = e.toString();
        }
        return new Report(result, files, uncertified, paperwork.resumable(), paperwork.journalProblem());
    }

    /**
     * Loads what writing a certificate needs (Jackson, the Ed25519 signer, PDFBox with its fonts) on
     * a daemon thread, and returns at once. Cold, that is about 0.2 s of class loading and first calls
     * after the last write, while the user waits for the command to end; warmed beside the checks
     * and the writing, it overlaps them. Writes nothing.
     */
    public static void prepareInBackground() {
        Thread t = new Thread(Certifier::warmUp, "blockwipe-paperwork-warm-up");
        t.setDaemon(true);
        t.start();
    }

    private static void warmUp() {
        try {
            Json.mapper().writeValueAsBytes(Json.mapper().createObjectNode().put("warm", 1));
            SigningKey.warmUp();
            CertificatePdf.warmUp();
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            // only a head start: a real problem shows, with its reason, when the certificate is written
        }
    }

    /** Reserves the job's files and opens its log, before the first write. */
    public Paperwork begin(TargetInfo target, CertifiedDevice device) {
        return new Paperwork(target, device, ResumePoint.START);
    }

    /** The same for a job that goes on from {@code journal}; its certificate covers every run. */
    public Paperwork resume(TargetInfo target, CertifiedDevice device, Journal journal) {
        return new Paperwork(target, device, journal.resumePoint());
    }

    /**
     * The journal of an interrupted wipe of {@code target}, checked; empty when there is none.
     *
     * @throws Journals.RefusedException it was edited, cannot be read, or is for another device
     */
    public Optional<Journal> interrupted(TargetInfo target, CertifiedDevice device) throws IOException {
        return journals.find(ResumeIdentity.of(target, device, host.bootId()), target.path(), key().publicKey());
    }

    /**
     * The journals of interrupted wipes whose signature holds, for the window's offer to resume;
     * none before a first wipe made the key.
     */
    public List<Journal> journals() throws IOException {
        if (!Files.exists(configDir.resolve(SigningKey.PUBLIC_FILE))) {
            return List.of();
        }
        return journals.all(key().publicKey());
    }

    /** The id of this boot: a device without a serial number can only be resumed within it. */
    public String bootId() {
        return host.bootId();
    }

    public Path journalDir() {
        return journals.dir();
    }

    private synchronized SigningKey key() throws IOException {
        if (key == null) {
            key = SigningKey.loadOrCreate(configDir, uid);
        }
        return key;
    }

    /** One job's certificate in the making; also the listener that writes its log and its journal. */
    public final class Paperwork implements WipeListener {
        private final CertifiedDevice device;
        private final ResumeIdentity identity;
        private final ResumePoint from;
        private final String name;
        private ReportStore.CertificateFiles files;
        private JobLog log;
        private IOException problem;
        private Journal journal;
        private ExecutorService journalWriter;
        private volatile boolean journalWritten;
        private boolean resumable;
        private volatile IOException journalProblem;

        private Paperwork(TargetInfo target, CertifiedDevice device, ResumePoint from) {
            this.device = device;
            this.identity = ResumeIdentity.of(target, device, host.bootId());
            this.from = from;
            this.name = target.name();
            try {
                files = store.reserve(Instant.now(), host.hostname(),
                        device.serial().isEmpty() ? target.name() : device.serial(), uid);
                log = new JobLog(files.log());
            } catch (IOException e) {
                problem = e;
            }
        }

        @Override
        public void on(WipeEvent event) {
            journal(event);
            if (log == null) {
                return;
            }
            try {
                log.on(event);
            } catch (UncheckedIOException e) {
                problem = e.getCause();
                closeLog();
            }
        }

        /**
         * Writes the journal at the start, at every checkpoint and when the job stops early, in
         * that order, on a thread of its own: its signature and its fsyncs never hold up the job
         * (a journal that lags behind only means more is written again after a crash). A write that
         * fails is tried again at the next checkpoint; the journal written last stays valid meanwhile
         * (its offset is behind the truth, which only means more is written again).
         */
        private void journal(WipeEvent event) {
            Instant now = Instant.now();
            Journal next = event instanceof WipeEvent.Started s ? Journal.start(identity, s.target().path(), s.plan(), from, now)
                    : journal == null ? null
                    : event instanceof WipeEvent.Checkpoint c ? journal.checkpoint(c, now)
                    : event instanceof WipeEvent.Cancelled ? journal.ended("cancelled", now)
                    : event instanceof WipeEvent.Failed f ? journal.ended("failed: " + f.error(), now)
                    : null;
            if (next == null) {
                return;
            }
            journal = next;
            if (journalWriter == null) {
                journalWriter = Executors.newSingleThreadExecutor(r -> {
                    Thread t = new Thread(r, "blockwipe-journal-" + name);
                    t.setDaemon(true);
                    return t;
                });
            }
            journalWriter.execute(() -> {
                try {
                    journals.write(next, key());
                    journalWritten = true;
                    journalProblem = null;
                } catch (IOException e) {
                    journalProblem = e;
                }
            });
        }

        /** Lets the journal writes already asked for finish, before the journal is judged or removed. */
        private void journalWritesDone() {
            if (journalWriter == null) {
                return;
            }
            journalWriter.shutdown();
            boolean interrupted = false;
            while (true) {
                try {
                    if (!journalWriter.awaitTermination(JOURNAL_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                        journalProblem = new IOException("a journal write did not finish within " + JOURNAL_WAIT.toSeconds()
                                + " s (is the disk of " + journals.dir() + " answering?)");
                    }
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        /** The job stopped early and its journal is kept: {@code wipe --resume} goes on with it. */
        public boolean resumable() {
            return resumable;
        }

        /**
         * Why the journal could not be written (or removed), or null: the CLI and the window warn
         * that an interrupted wipe then cannot be resumed.
         */
        public String journalProblem() {
            return journalProblem == null ? null : "the journal in " + journals.dir() + " could not be written: "
                    + journalProblem.getMessage();
        }

        /**
         * Writes the certificate of {@code result}.
         *
         * @throws IOException when the reports directory or the key could not be used (the wipe itself stands)
         */
        public ReportStore.CertificateFiles finish(WipeResult result) throws IOException {
            closeLog();
            journalWritesDone();
            resumable = journalWritten && result.resumable();
            if (!resumable) {
                try {
                    journals.delete(identity);
                } catch (IOException e) {
                    journalProblem = e;
                }
            }
            if (problem != null) {
                throw problem;
            }
            SigningKey k = key();
            Certificate cert = new Certificate(UUID.randomUUID(), Instant.now(), build.version(), build.built(), host,
                    operator, device, result, k.fingerprint(), resumable);
            store.write(files, cert, k);
            return files;
        }

        /**
         * The job threw instead of ending with a result: the log says why and is closed. There is
         * no certificate, and the journal stays as it was written last.
         */
        private void abandon(Throwable why) {
            journalWritesDone();
            if (log != null) {
                try {
                    log.note("ended without a result, so there is no certificate: "
                            + (why.getMessage() != null ? why.getMessage() : why.toString()));
                } catch (UncheckedIOException e) {
                    problem = e.getCause();
                }
            }
            closeLog();
        }

        private void closeLog() {
            if (log == null) {
                return;
            }
            try {
                log.close();
            } catch (IOException e) {
                problem = problem == null ? e : problem;
            }
            log = null;
        }
    }
}
