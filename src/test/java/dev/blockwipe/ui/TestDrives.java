package dev.blockwipe.ui;

import dev.blockwipe.devices.DriveFacts;
import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.FirmwareOperation;
import dev.blockwipe.engine.firmware.FirmwareOutcome;
import dev.blockwipe.engine.firmware.FirmwareProgress;
import dev.blockwipe.engine.firmware.Offer;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.Pattern;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** Drive reports for the window's tests: an NVMe drive that offers the methods a test names, and nothing else. */
public final class TestDrives {
    /** What a Format NVM with user data erase leaves: zeroes. */
    public static final Optional<Pattern> ZEROES = Optional.of(Pattern.Repeating.of(0x00));

    private TestDrives() {
    }

    /** An NVMe drive that offers {@code offered}, each with {@code estimate} and reading as {@code readsAs} afterwards. */
    public static DriveReport nvme(Optional<Duration> estimate, Optional<Pattern> readsAs, FirmwareMethod... offered) {
        List<Offer> own = Arrays.stream(FirmwareMethod.values()).filter(m -> m.family() == FirmwareMethod.Family.NVME)
                .map(m -> Arrays.asList(offered).contains(m) ? Offer.available(operation(m), "offered by the test drive",
                        readsAs, estimate) : Offer.unavailable(m, "the test drive does not support it")).toList();
        return DriveReport.of("NVMe", "Test NVMe 1TB", "TEST0001", "1.0", List.of("Format NVM: user data erase"),
                Optional.empty(), FirmwareMethod.Family.NVME, own);
    }

    /** {@code drive} with SMART figures: passed, 1234 power-on hours. */
    public static DriveFacts withSmart(DriveReport drive) {
        return new DriveFacts(drive, new Smart("NVMe", Optional.of(true), OptionalLong.of(1234), OptionalLong.empty(),
                OptionalLong.empty(), OptionalLong.empty(), OptionalInt.of(3), OptionalLong.of(0), OptionalInt.of(0),
                OptionalInt.of(36), Optional.empty()));
    }

    /** An operation that is never sent: these tests only look at what the window offers. */
    private static FirmwareOperation operation(FirmwareMethod m) {
        return new FirmwareOperation() {
            @Override
            public FirmwareMethod method() {
                return m;
            }

            @Override
            public String command() {
                return m.title() + " (test)";
            }

            @Override
            public FirmwareOutcome run(DeviceCommands drive, FirmwareProgress progress) throws IOException {
                throw new IOException("the test drive takes no commands");
            }
        };
    }
}
