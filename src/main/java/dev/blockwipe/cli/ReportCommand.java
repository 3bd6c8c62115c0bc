package dev.blockwipe.cli;

import dev.blockwipe.engine.TargetRefusedException;
import dev.blockwipe.engine.Units;
import dev.blockwipe.linux.Terminal;
import dev.blockwipe.report.CertificateDocument;
import dev.blockwipe.report.CertificateListing;
import dev.blockwipe.report.ReportStore;
import dev.blockwipe.report.Settings;
import dev.blockwipe.report.SigningKey;
import dev.blockwipe.report.TrustedKey;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** {@code blockwipe report}: list, show and check certificates; hand out the public key. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Sanitization certificates: list, show, verify their signature, export the public key.",
        subcommands = {ReportCommand.ListReports.class, ReportCommand.Show.class, ReportCommand.Verify.class,
            ReportCommand.ExportKey.class})
final class ReportCommand {

    @Option(names = "--report-dir", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "The reports directory (default as for wipe).")
    private Path reportDir;

    @Option(names = "--config-dir", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "Where the signing key lives (default: ~/.config/blockwipe).")
    private Path configDir;

    Settings settings() throws IOException {
        Settings s = Settings.load(System.getenv(), System.getProperty("user.home"), Terminal.effectiveUid(), configDir);
        return reportDir == null ? s : s.withReportDir(reportDir);
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the certificates, newest first: date"
            + " and time (UTC), device, serial, asset tag, method, result and file; a column no certificate fills is left"
            + " out. A certificate that cannot be read is listed as UNREADABLE, and the list goes on.")
    static final class ListReports implements Callable<Integer> {
        @ParentCommand
        private ReportCommand parent;
        @Spec
        private CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            List<CertificateListing> lines = CertificateListing.read(new ReportStore(parent.settings().reportDir()));
            if (lines.isEmpty()) {
                return ExitCode.OK;
            }
            List<CertificateListing.Column> columns = CertificateListing.shown(lines);
            List<String[]> cells = new ArrayList<>();
            cells.add(Stream.concat(columns.stream().map(CertificateListing.Column::heading), Stream.of("File"))
                    .toArray(String[]::new));
            for (CertificateListing line : lines) {
                cells.add(Stream.concat(columns.stream().map(c -> cell(line, c)), Stream.of(Units.printable(
                        line.json().toString()))).toArray(String[]::new));
                if (line.problem() != null) {
                    err.println("blockwipe: " + Units.printable(line.problem()));
                }
            }
            Columns.print(out, cells, Columns.naturalWidths(cells), Integer.MAX_VALUE);
            return ExitCode.OK;
        }

        /** A certificate that cannot be read is UNREADABLE in the result column; why goes to standard error. */
        private static String cell(CertificateListing line, CertificateListing.Column column) {
            return line.problem() != null && column == CertificateListing.Column.RESULT ? "UNREADABLE"
                    : printable(column.of(line));
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "Print the main facts of a certificate.")
    static final class Show implements Callable<Integer> {
        @Spec
        private CommandSpec spec;
        @Parameters(paramLabel = "FILE", description = "A certificate's .json file.")
        private Path file;

        @Override
        public Integer call() throws IOException {
            PrintWriter out = spec.commandLine().getOut();
            requireFile(file);
            CertificateDocument c = new ReportStore(file.getParent() == null ? Path.of(".") : file.getParent()).read(file);
            CertificateDocument.FirmwareErase firmware = c.firmwareErase();
            String[][] facts = {
                {"result", c.result().outcome()}, {"summary", c.result().summary()}, {"device", c.device().path()},
                {"kind", c.device().kind()}, {"model", c.device().model()}, {"serial", c.device().serial()},
                {"asset tag", c.device().assetTag()},
                {"size", c.device().size()}, {"method", c.sanitization().methodTitle()},
                {"NIST 800-88", c.sanitization().nist80088Category()},
                {"limitation", c.limitations() == null ? "" : String.join("; ", c.limitations())},
                {"drive command", firmware == null ? "" : firmware.command()},
                {"drive status", firmware == null ? "" : firmware.driveStatus()},
                {"purge", firmware == null ? "" : firmware.purge()},
                {"verification", c.sanitization().verification()},
                {"SMART before", c.smart() == null ? "" : c.smart().before()},
                {"SMART after", c.smart() == null ? "" : c.smart().after()},
                {"started", String.valueOf(c.sanitization().started())},
                {"finished", String.valueOf(c.sanitization().finished())}, {"host", c.host().hostname()},
                {"system", c.host().describeSystem()},
                {"operator", c.operator().name()}, {"organisation", c.operator().organisation()},
                {"signing key", c.signing().publicKeyFingerprint()}};
            for (String[] f : facts) {
                if (!printable(f[1]).isEmpty()) {
                    out.printf("%-14s %s%n", f[0] + ":", printable(f[1]));
                }
            }
            return ExitCode.OK;
        }
    }

    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = "Check a certificate's signature: VALID (exit 0) or TAMPERED (exit 3).")
    static final class Verify implements Callable<Integer> {
        @ParentCommand
        private ReportCommand parent;
        @Spec
        private CommandSpec spec;
        @Parameters(paramLabel = "FILE", description = "A certificate's .json file (its .json.sig must be beside it).")
        private Path file;
        @Option(names = "--key", paramLabel = "PEM", description = "The trusted public key (default: this machine's).")
        private Path key;

        @Override
        public Integer call() throws IOException {
            requireFile(file);
            TrustedKey trusted;
            if (key != null) {
                requireFile(key);
                trusted = TrustedKey.of(SigningKey.publicKey(Files.readString(key)));
            } else {
                Settings settings = parent.settings();
                trusted = TrustedKey.thisMachine(settings.configDir(), settings.uid());
                if (!trusted.exists()) {
                    throw new UsageException("no trusted key: this machine has not signed anything yet; pass --key PEM");
                }
            }
            TrustedKey.Check check = trusted.certificate(file);
            spec.commandLine().getOut().println(check.message());
            return switch (check.status()) {
                case VALID -> ExitCode.OK;
                case TAMPERED -> ExitCode.MISMATCH;
                case NOT_FOUND -> ExitCode.NO_TARGET;
            };
        }
    }

    @Command(name = "export-key", mixinStandardHelpOptions = true,
            description = "Print this machine's public signing key (PEM), for auditors.")
    static final class ExportKey implements Callable<Integer> {
        @ParentCommand
        private ReportCommand parent;
        @Spec
        private CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            Settings settings = parent.settings();
            SigningKey k = SigningKey.loadOrCreate(settings.configDir(), settings.uid());
            spec.commandLine().getOut().print(k.publicPem());
            spec.commandLine().getErr().println("fingerprint " + k.fingerprint());
            return ExitCode.OK;
        }
    }

    /** A field of the certificate, printable on a terminal; one a certificate lacks is empty. */
    private static String printable(String field) {
        return field == null ? "" : Units.printable(field);
    }

    /** A file named on the command line that is not there: exit 6 with one line, like a missing target. */
    private static void requireFile(Path file) throws TargetRefusedException {
        if (!Files.isRegularFile(file)) {
            throw new TargetRefusedException(file.toString(), TargetRefusedException.Reason.NOT_FOUND,
                    Files.exists(file) ? "is not a file" : "no such file");
        }
    }
}
