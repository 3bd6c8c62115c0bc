package dev.blockwipe.report;

import dev.blockwipe.devices.HostInfo;
import dev.blockwipe.engine.DaemonThreads;
import dev.blockwipe.engine.bench.Benchmark;
import dev.blockwipe.engine.io.TargetInfo;
import dev.blockwipe.engine.job.ResumePoint;
import dev.blockwipe.engine.job.SiblingSpeeds;
import dev.blockwipe.engine.job.WipeEvent;
import dev.blockwipe.engine.job.WipeListener;
import dev.blockwipe.engine.job.WipeResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

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
    private final StorageProbe storage;
    private final int uid;
    private SigningKey key;

    /** A certifier that takes every folder to keep its files (see {@link StorageProbe#NONE}). */
    public Certifier(Settings settings, HostInfo host, BuildInfo build) {
        this(settings, host, build, StorageProbe.NONE);
    }

    /** @param storage tells a reports folder in memory, which {@link #requireStorage} warns of */
    public Certifier(Settings settings, HostInfo host, BuildInfo build, StorageProbe storage) {
        this(settings, host, build, storage, new SiblingSpeeds());
    }

    private Certifier(Settings settings, HostInfo host, BuildInfo build, StorageProbe storage, SiblingSpeeds siblings) {
        this.siblings = siblings;
        this.storage = storage;
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
        return new Certifier(changed, host, build, storage, siblings);
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
        return store.writeBenchmark(now, host.fileLabel(), serial.isEmpty() ? result.target().name() : serial, uid,
                BenchmarkDocument.report(result, now, host));
    }

    /**
     * What the paperwork made of a wipe that ran: its result; its certificate, or why there is none
     * ({@code uncertified}); why the certificate is not in the reports directory ({@code misplaced},
     * null when it is); whether the wipe can be resumed; whether its journal was kept so that
     * {@code wipe --resume} can still write the certificate; and what went wrong with the journal
     * or the log.
     */
    public record Report(WipeResult result, ReportStore.CertificateFiles files, String uncertified, String misplaced,
                         boolean resumable, boolean journalKept, List<String> problems) {
        public Report {
            problems = List.copyOf(problems);
        }
    }

    /**
     * Loads what writing a certificate needs (Jackson, the Ed25519 signer, PDFBox with its fonts) on
     * a daemon thread, and returns at once. Cold, that class loading and those first calls would come
     * after the last write, while the user waits for the command to end; warmed beside the checks
     * and the writing, they overlap them. Writes nothing.
     */
    public static void prepareInBackground() {
        DaemonThreads.start("blockwipe-paperwork-warm-up", Certifier::warmUp);
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
     * Checks, before anything is written, that the paperwork of {@code jobs} wipes can be done:
     * the signing key can be used (it is made the first time), the reports directory is private
     * and has room for the certificates, and the journal directory is private.
     *
     * @return warnings for before the first write: a journal directory that cannot take a file
     *         means the wipes cannot be resumed if they are interrupted
     * @throws StorageException naming the directory or file and what is wrong with it
     */
    public List<String> requireStorage(int jobs) throws StorageException {
        try {
            key();
        } catch (StorageException e) {
            throw e;
        } catch (IOException e) {
            throw new StorageException(e.getMessage(), e);
        }
        store.requireUsable(uid, jobs);
        List<String> warnings = new ArrayList<>();
        inMemory().ifPresent(warnings::add);
        journals.unwritable().ifPresent(why -> warnings.add("if interrupted, " + (jobs == 1 ? "this wipe" : "these wipes")
                + " cannot be resumed: " + why));
        return warnings;
    }

    /**
     * That the certificates would be lost at power-off, where the reports folder is in memory (the
     * boot stick started from a CD, or without its BLOCKWIPE partition); empty otherwise. Reads the
     * mount table: not on the FX thread.
     */
    public Optional<String> inMemory() {
        return storage.inMemory(store.dir()).map(why -> "certificates go to " + store.dir() + ", which is in memory ("
                + why + "): they are lost at power-off unless copied off first; keep them on a disk instead"
                + " (--report-dir, or Settings in the window; on the Blockwipe boot stick, plug in a USB stick with a"
                + " partition labelled BLOCKWIPE)");
    }

    /**
     * The journal of an interrupted wipe of {@code target}, checked; empty when there is none.
     *
     * @throws Journals.RefusedException it was edited, cannot be read, or is for another device
     */
    public Optional<Journal> interrupted(TargetInfo target, CertifiedDevice device) throws IOException {
        return journals.find(ResumeIdentity.of(target, device, host.bootId()), target.path(), trustedKey());
    }

    /**
     * The journals of interrupted wipes whose signature holds, for the window's offer to resume;
     * none before a first wipe made the key.
     */
    public List<Journal> journals() throws IOException {
        return journals.all(trustedKey());
    }

    /** This machine's key, as every journal and certificate is checked against it. */
    private TrustedKey trustedKey() throws IOException {
        return TrustedKey.thisMachine(configDir, uid);
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
        /** The names of the certificate's files: reserved in the reports directory, or as they would have been. */
        private final ReportStore.CertificateFiles files;
        private JobLog log;
        /** Why the log is missing or incomplete, or null. */
        private IOException logProblem;
        private Journal journal;
        private final NextJournal nextJournal = new NextJournal();
        private ExecutorService journalWriter;
        private volatile boolean journalWritten;
        /** What went wrong with the journal last ("could not be written: …"), or null. */
        private volatile String journalProblem;

        private Paperwork(TargetInfo target, CertifiedDevice device, ResumePoint from) {
            this.device = device;
            this.identity = ResumeIdentity.of(target, device, host.bootId());
            this.from = from;
            this.name = target.name();
            Instant now = Instant.now();
            String label = device.serial().isEmpty() ? target.name() : device.serial();
            ReportStore.CertificateFiles names = store.names(now, host.fileLabel(), label);
            try {
                names = store.reserve(now, host.fileLabel(), label, uid);
                log = new JobLog(names.log());
            } catch (IOException e) {
                logProblem = e;
            }
            this.files = names;
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
                logProblem = e.getCause();
                closeLog();
            }
        }

        /**
         * Writes the journal at the start, at every checkpoint and when the job ends, in that
         * order, on a thread of its own. The first is durable before the job's first write, so that
         * from then on there is always a journal to go on from; the later ones never hold up the
         * job: their signature and fsyncs run beside it (a journal that lags behind only means more
         * is written again after a crash). A write that fails is tried again at the next
         * checkpoint; the journal written last stays valid meanwhile.
         */
        private void journal(WipeEvent event) {
            Journal next = event.accept(nextJournal);
            if (next == null) {
                return;
            }
            journal = next;
            if (journalWriter == null) {
                journalWriter = Executors.newSingleThreadExecutor(DaemonThreads.named("blockwipe-journal-" + name));
            }
            Future<?> written = journalWriter.submit(() -> {
                try {
                    journals.write(next, key());
                    journalWritten = true;
                    journalProblem = null;
                } catch (IOException e) {
                    journalProblem = "could not be written: " + PrivateFiles.reason(e);
                }
            });
            if (event instanceof WipeEvent.Started) {
                awaitWrite(written);
            }
        }

        /**
         * The journal as an event leaves it, or null where the event does not change it: where the
         * run started, each checkpoint, and how the run ended. Nothing changes before the run's
         * start, as no journal of it exists yet.
         */
        private final class NextJournal implements WipeEvent.Visitor<Journal> {
            @Override
            public Journal started(WipeEvent.Started s) {
                return Journal.start(identity, s.target().path(), s.plan(), from, Instant.now(), files.json().toString());
            }

            @Override
            public Journal checkpoint(WipeEvent.Checkpoint c) {
                return journal == null ? null : journal.checkpoint(c, Instant.now());
            }

            @Override
            public Journal finished(WipeEvent.Finished f) {
                return ended(Journal.FINISHED);
            }

            @Override
            public Journal failed(WipeEvent.Failed f) {
                return ended("failed: " + f.error());
            }

            @Override
            public Journal cancelled(WipeEvent.Cancelled c) {
                return ended("cancelled");
            }

            private Journal ended(String end) {
                return journal == null ? null : journal.ended(end, Instant.now());
            }

            /** A resume goes on from what is synced, which only a checkpoint says. */
            @Override
            public Journal progress(WipeEvent.Progress p) {
                return null;
            }

            /** Nothing of a pass that just started is synced; its checkpoints say how far it got. */
            @Override
            public Journal passStarted(WipeEvent.PassStarted p) {
                return null;
            }

            /** The checkpoint at the next pass, which follows a pass and its read-back, records it. */
            @Override
            public Journal passDone(WipeEvent.PassDone d) {
                return null;
            }

            /** A read-back writes nothing: where a resume goes on from moves only at a checkpoint. */
            @Override
            public Journal verifyStarted(WipeEvent.VerifyStarted v) {
                return null;
            }

            /** A read-back writes nothing: where a resume goes on from moves only at a checkpoint. */
            @Override
            public Journal verified(WipeEvent.Verified v) {
                return null;
            }

            /** The thermal pauses go into the result, not into where a run goes on from. */
            @Override
            public Journal temperature(WipeEvent.Temperature t) {
                return null;
            }
        }

        /** Waits for the first journal write; one that does not return in time is reported, and the job goes on. */
        private void awaitWrite(Future<?> written) {
            try {
                written.get(JOURNAL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                journalProblem = notAnswering();
            } catch (ExecutionException e) {
                journalProblem = "could not be written: " + e.getCause();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private String notAnswering() {
            return "was not written within " + JOURNAL_WAIT.toSeconds() + " s (is its disk answering?)";
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
                        journalProblem = notAnswering();
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

        /**
         * Writes the certificate of the job's result, compared first with the disks of the same
         * model this certifier saw before ({@link SiblingSpeeds}), then lets the journal go, in that order: at
         * every instant there is a certificate, or a journal from which {@code wipe --resume} makes
         * one (after the last pass, by the read-back alone: nothing is written again). Where the
         * reports directory cannot take the certificate (it filled up, went away), it is written
         * to the journal directory instead; where that fails too, the journal stays. A wipe that
         * can be resumed keeps its journal whatever happens to its certificate.
         */
        public Report finish(WipeResult ran) {
            WipeResult result = siblings.judge(device.model(), ran);
            closeLog();
            journalWritesDone();
            boolean resumable = journalWritten && result.resumable();
            ReportStore.CertificateFiles written = null;
            String uncertified = null;
            String misplaced = null;
            try {
                Certificate cert = new Certificate(UUID.randomUUID(), Instant.now(), build.version(), build.built(), host,
                        operator, device, result, key().fingerprint(), resumable);
                try {
                    written = writeTo(store, cert);
                } catch (IOException unusable) {
                    written = writeTo(new ReportStore(journals.dir()), cert);
                    misplaced = "it could not be written to " + store.dir() + " (" + PrivateFiles.reason(unusable)
                            + "), so it was written to " + journals.dir() + " instead";
                }
            } catch (IOException e) {
                uncertified = e.getMessage();
            } catch (RuntimeException e) {
                // a defect in rendering or signing must not lose the result, which stands; it is reported beside it
                uncertified = e.toString();
            }
            boolean keep = resumable || written == null && journalWritten;
            if (!keep) {
                try {
                    journals.delete(identity);
                } catch (IOException e) {
                    journalProblem = "could not be removed: " + PrivateFiles.reason(e);
                }
            }
            return new Report(result, written, uncertified, misplaced, resumable, keep, problems());
        }

        /** The certificate's JSON, signature and PDF in {@code where}, under the names reserved at the start. */
        private ReportStore.CertificateFiles writeTo(ReportStore where, Certificate cert) throws IOException {
            ReportStore.CertificateFiles there = files.in(where.dir());
            where.write(there, cert, key());
            return there;
        }

        /** What went wrong with the journal and the log, one sentence each. */
        private List<String> problems() {
            List<String> all = new ArrayList<>();
            if (journalProblem != null) {
                all.add("the journal in " + journals.dir() + " " + journalProblem);
            }
            if (logProblem != null) {
                all.add("the job's log " + files.log() + " is incomplete: " + logProblem.getMessage());
            }
            return all;
        }

        /**
         * The job threw instead of ending with a result: the log says why and is closed. There is
         * no certificate, and the journal stays as it was written last.
         */
        public void abandon(Throwable why) {
            journalWritesDone();
            if (log != null) {
                try {
                    log.note("ended without a result, so there is no certificate: "
                            + (why.getMessage() != null ? why.getMessage() : why.toString()));
                } catch (UncheckedIOException e) {
                    logProblem = e.getCause();
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
                logProblem = logProblem == null ? e : logProblem;
            }
            log = null;
        }
    }
}
