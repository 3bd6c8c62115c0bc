package dev.blockwipe.report;

import dev.blockwipe.engine.TargetInfo;
import dev.blockwipe.engine.WipeEvent;
import dev.blockwipe.engine.WipeListener;
import dev.blockwipe.engine.WipeResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.UUID;

/**
 * Writes a signed certificate (JSON, signature, PDF) and a log for every job that starts. Problems
 * with the reports directory or the key never stop or hide a wipe: they are kept and reported when
 * the job ends, next to its result.
 */
public final class Certifier {
    private final ReportStore store;
    private final Path configDir;
    private final HostInfo host;
    private final Operator operator;
    private final BuildInfo build;
    private final int uid;
    private SigningKey key;

    public Certifier(Settings settings, HostInfo host, BuildInfo build) {
        this.store = new ReportStore(settings.reportDir());
        this.configDir = settings.configDir();
        this.host = host;
        this.operator = settings.operator();
        this.build = build;
        this.uid = settings.uid();
    }

    public Path reportDir() {
        return store.dir();
    }

    /** Reserves the job's files and opens its log, before the first write. */
    public Paperwork begin(TargetInfo target, CertifiedDevice device) {
        return new Paperwork(target, device);
    }

    private synchronized SigningKey key() throws IOException {
        if (key == null) {
            key = SigningKey.loadOrCreate(configDir, uid);
        }
        return key;
    }

    /** One job's certificate in the making; also the listener that writes its log. */
    public final class Paperwork implements WipeListener {
        private final CertifiedDevice device;
        private ReportStore.CertificateFiles files;
        private JobLog log;
        private IOException problem;

        private Paperwork(TargetInfo target, CertifiedDevice device) {
            this.device = device;
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
         * Writes the certificate of {@code result}.
         *
         * @throws IOException when the reports directory or the key could not be used (the wipe itself stands)
         */
        public ReportStore.CertificateFiles finish(WipeResult result) throws IOException {
            closeLog();
            if (problem != null) {
                throw problem;
            }
            SigningKey k = key();
            Certificate cert = new Certificate(UUID.randomUUID(), Instant.now(), build.version(), build.built(), host,
                    operator, device, result, k.fingerprint());
            store.write(files, cert, k);
            return files;
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
