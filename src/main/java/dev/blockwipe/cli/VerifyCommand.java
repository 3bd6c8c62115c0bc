package dev.blockwipe.cli;

import dev.blockwipe.devices.TargetOpener;
import dev.blockwipe.engine.io.Access;
import dev.blockwipe.engine.io.BlockTarget;
import dev.blockwipe.engine.job.VerifyJob;
import dev.blockwipe.engine.job.WipeListener;
import dev.blockwipe.engine.method.Pattern;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.verify.VerifyResult;
import dev.blockwipe.linux.LinuxTargets;
import dev.blockwipe.report.ResultSummary;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.HexFormat;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code blockwipe verify}: a read-only check of what a target holds. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Check, without writing, that a device or image file holds a pattern everywhere (or in a sample).")
final class VerifyCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "TARGET", description = "A block device or image file.")
    private String target;

    @Option(names = "--pattern", paramLabel = "PATTERN", defaultValue = "zero",
            description = "zero (default), one, or hex bytes repeated from the start (0xAA, 0x924924).")
    private String pattern;

    @Option(names = "--sample", paramLabel = "N%", description = "Read N%% of the target (evenly spread, random offsets, first and last MiB) instead of all of it.")
    private String sample;

    @Option(names = "--block-size", paramLabel = "SIZE", description = "Bytes per request (default: as a wipe's read-back of this device).")
    private String blockSize;

    @Option(names = "--json", description = "Print one JSON object per event on standard output.")
    private boolean json;

    private final TargetOpener opener;

    VerifyCommand() {
        this(new LinuxTargets());
    }

    VerifyCommand(TargetOpener opener) {
        this.opener = opener;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        VerifyJob job;
        try {
            Verification mode = sample == null ? new Verification.All() : Verification.parse("sample:" + sample.replace("%", "") + "%");
            job = new VerifyJob(parsePattern(pattern), mode, WipeCommand.blockSizeBytes(blockSize), 0);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e);
        }
        WipeListener listener = json ? new JsonLines(out) : ProgressBoard.onStandardError(err).job();
        try (CancelOnShutdown interrupts = new CancelOnShutdown();
             BlockTarget t = opener.open(target, Access.READ)) {
            VerifyResult result = job.run(t, listener, interrupts.token());
            if (!json) {
                out.println(target + ": " + ResultSummary.verification(result));
            }
            if (result.mismatchedSectors() > 0) {
                return ExitCode.MISMATCH;
            }
            return result.passed() ? ExitCode.OK : ExitCode.CANCELLED;
        }
    }

    static Pattern parsePattern(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "zero" -> Pattern.Repeating.of(0x00);
            case "one" -> Pattern.Repeating.of(0xFF);
            default -> {
                if (!t.matches("0x([0-9a-f]{2})+")) {
                    throw new IllegalArgumentException("pattern must be zero, one or hex bytes such as 0xAA or 0x924924, not '"
                            + text + "'");
                }
                yield new Pattern.Repeating(HexFormat.of().parseHex(t.substring(2)));
            }
        };
    }
}
