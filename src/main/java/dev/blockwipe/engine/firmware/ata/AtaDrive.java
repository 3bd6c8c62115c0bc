package dev.blockwipe.engine.firmware.ata;

import dev.blockwipe.engine.firmware.CommandRefusedException;
import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.HiddenArea;
import dev.blockwipe.engine.firmware.Offer;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.Pattern;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * An ATA drive behind SCSI/ATA Translation (libata, a SAS HBA, a USB bridge that passes ATA
 * through): IDENTIFY DEVICE, the security erase and sanitize it offers, and its hidden areas.
 * Restoring a Device Configuration Overlay is left out on purpose: DEVICE CONFIGURATION RESTORE is
 * permanent, and ACS-3 made the feature set obsolete; a DCO restriction is reported, not removed.
 */
public final class AtaDrive {
    /** What {@link DriveReport#commandSet()} says for these drives. */
    public static final String COMMAND_SET = "ATA through SCSI/ATA Translation";

    private AtaDrive() {
    }

    /**
     * Asks the drive for IDENTIFY DEVICE and what it implies.
     *
     * @throws CommandRefusedException when the path to the drive does not carry ATA PASS-THROUGH (16)
     *                                 or the device is not an ATA disk: ask it as a SCSI drive
     * @throws IOException             when the drive answered in a way that cannot be trusted
     */
    public static DriveReport probe(DeviceCommands drive) throws IOException {
        IdentifyData id = identify(drive);
        List<String> facts = new ArrayList<>();
        facts.add(describeSize(id));
        facts.add("Security: " + SecurityErase.describe(id.security()) + eraseTimes(id.security()));
        Optional<SanitizeStatus> sanitizeStatus = sanitizeStatus(drive, id, facts);
        Optional<HiddenArea> hidden = hiddenArea(drive, id, facts);
        List<Offer> offers = new ArrayList<>();
        offers.add(securityErase(id.security(), false));
        offers.add(securityErase(id.security(), true));
        offers.add(sanitize(AtaSanitize.blockErase(), id, sanitizeStatus, Optional.empty()));
        offers.add(sanitize(AtaSanitize.cryptoScramble(), id, sanitizeStatus, Optional.empty()));
        offers.add(sanitize(AtaSanitize.overwriteWithZeroes(), id, sanitizeStatus,
                Optional.of(Pattern.Repeating.of(0x00))));
        return DriveReport.of(COMMAND_SET, id.model(), id.serial(), id.firmware(), facts,
                hidden.filter(HiddenArea::any), FirmwareMethod.Family.ATA, offers);
    }

    private static IdentifyData identify(DeviceCommands drive) throws IOException {
        byte[] data = new byte[AtaCommand.BLOCK];
        AtaReply reply = AtaCommand.identifyDevice().sendTo(drive, data);
        if (reply.refusedOnTheWay()) {
            throw new CommandRefusedException("the connection does not pass ATA commands through (ATA PASS-THROUGH"
                    + " (16) refused: " + reply.result().describe() + ")");
        }
        if (reply.aborted()) {
            throw new CommandRefusedException("the device aborted IDENTIFY DEVICE, as a packet device (ATAPI) does:"
                    + " it takes no ATA disk commands");
        }
        if (!reply.succeeded()) {
            throw new IOException("IDENTIFY DEVICE through ATA PASS-THROUGH (16) " + reply.describe());
        }
        if (reply.result().residual() == data.length || isBlank(data)) {
            throw new CommandRefusedException("the connection does not pass ATA commands through (ATA PASS-THROUGH"
                    + " (16) answered " + reply.result().describe() + " with no IDENTIFY DEVICE data)");
        }
        return IdentifyData.parse(data);
    }

    private static boolean isBlank(byte[] data) {
        for (byte b : data) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    private static Offer securityErase(IdentifyData.Security security, boolean enhanced) {
        FirmwareMethod method = enhanced ? FirmwareMethod.ATA_SECURE_ERASE_ENHANCED : FirmwareMethod.ATA_SECURE_ERASE;
        Optional<String> refused = SecurityErase.refusal(enhanced, security);
        if (refused.isPresent()) {
            return Offer.unavailable(method, refused.get());
        }
        IdentifyData.EraseTime time = enhanced ? security.enhancedEraseTime() : security.normalEraseTime();
        String what = enhanced ? "the drive writes its own pattern to every block, reallocated ones included"
                : "the drive writes binary zeroes to all user data";
        // ACS-3 defines the normal erase's result (zeroes); the enhanced one's pattern is the vendor's.
        Optional<Pattern> readsAs = enhanced ? Optional.empty() : Optional.of(Pattern.Repeating.of(0x00));
        return Offer.available(new SecurityErase(enhanced, time), what + "; the drive estimates " + time.describe(),
                readsAs, time.estimate());
    }

    private static Offer sanitize(AtaSanitize operation, IdentifyData id, Optional<SanitizeStatus> status,
                                  Optional<Pattern> readsAs) {
        Optional<String> refused = AtaSanitize.refusal(operation.method(), id.sanitize())
                .or(() -> status.flatMap(AtaSanitize::refusal));
        return refused.map(why -> Offer.unavailable(operation.method(), why))
                .orElseGet(() -> Offer.available(operation, operation.command(), readsAs, Optional.empty()));
    }

    private static Optional<SanitizeStatus> sanitizeStatus(DeviceCommands drive, IdentifyData id, List<String> facts) {
        IdentifyData.Sanitize s = id.sanitize();
        if (!s.supported()) {
            facts.add("Sanitize: not supported (IDENTIFY word 59 bit 12 clear)");
            return Optional.empty();
        }
        List<String> kinds = new ArrayList<>();
        kinds.add(s.cryptoScramble() ? "crypto scramble" : "no crypto scramble");
        kinds.add(s.blockErase() ? "block erase" : "no block erase");
        kinds.add(s.overwrite() ? "overwrite" : "no overwrite");
        try {
            SanitizeStatus status = SanitizeStatus.query(drive);
            facts.add("Sanitize: " + String.join(", ", kinds) + "; status: " + status.describe());
            return Optional.of(status);
        } catch (IOException e) {
            facts.add("Sanitize: " + String.join(", ", kinds) + "; status not read: " + e.getMessage());
            return Optional.empty();
        }
    }

    private static Optional<HiddenArea> hiddenArea(DeviceCommands drive, IdentifyData id, List<String> facts)
            throws IOException {
        long nativeSectors = id.userSectors();
        if (!id.hpaSupported()) {
            facts.add("Host protected area: not supported (IDENTIFY word 82 bit 10 clear)");
        } else if (!id.lba48()) {
            facts.add("Host protected area: not checked, the drive has no 48-bit commands (IDENTIFY word 83 bit 10"
                    + " clear)");
            return Optional.empty();
        } else {
            AtaReply reply = AtaCommand.readNativeMaxAddress().sendTo(drive);
            OptionalLong nativeMax = maxLba(reply);
            if (nativeMax.isEmpty()) {
                facts.add("Host protected area: not read (READ NATIVE MAX ADDRESS EXT " + reply.describe() + ")");
                return Optional.empty();
            }
            nativeSectors = nativeMax.getAsLong() + 1;
            facts.add(nativeSectors > id.userSectors()
                    ? "Host protected area: " + hidden(nativeSectors - id.userSectors(), id) + " beyond sector "
                            + (id.userSectors() - 1)
                    : "Host protected area: none");
        }
        long factorySectors = factorySectors(drive, id, nativeSectors, facts);
        return Optional.of(new HiddenArea(id.userSectors(), nativeSectors, factorySectors));
    }

    /** The sectors DEVICE CONFIGURATION IDENTIFY reports (words 3-6, the factory max LBA), -1 where not read. */
    private static long factorySectors(DeviceCommands drive, IdentifyData id, long nativeSectors, List<String> facts)
            throws IOException {
        if (!id.dcoSupported()) {
            facts.add("Device configuration overlay: not supported (IDENTIFY word 83 bit 11 clear)");
            return -1;
        }
        byte[] data = new byte[AtaCommand.BLOCK];
        AtaReply reply = AtaCommand.deviceConfigurationIdentify().sendTo(drive, data);
        if (!reply.succeeded()) {
            facts.add("Device configuration overlay: not read (DEVICE CONFIGURATION IDENTIFY " + reply.describe() + ")");
            return -1;
        }
        IdentifyData.checkIntegrity(data, "DEVICE CONFIGURATION IDENTIFY");
        long factory = 0;
        for (int word = 6; word >= 3; word--) {
            factory = factory << 16 | (data[2 * word] & 0xFF) | (data[2 * word + 1] & 0xFF) << 8;
        }
        factory++;
        facts.add(factory > nativeSectors
                ? "Device configuration overlay: " + hidden(factory - nativeSectors, id) + " beyond sector "
                        + (nativeSectors - 1) + ", which Blockwipe does not restore"
                : "Device configuration overlay: none");
        return factory;
    }

    /** The max LBA a READ NATIVE MAX ADDRESS EXT returned, empty when it failed or came back cut. */
    private static OptionalLong maxLba(AtaReply reply) {
        return reply.succeeded() && reply.registers().filter(r -> !r.upperMissing()).isPresent()
                ? OptionalLong.of(reply.registers().get().lba()) : OptionalLong.empty();
    }

    private static String hidden(long sectors, IdentifyData id) {
        long bytes = sectors * id.logicalSectorSize();
        String size = bytes < 1 << 20 ? (bytes >> 10) + " KiB"
                : String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1 << 20));
        return sectors + " sectors (" + size + ") hidden";
    }

    private static String describeSize(IdentifyData id) {
        String rotation = switch (id.rotationRate()) {
            case 0 -> "rotation rate not reported";
            case 1 -> "non-rotating";
            default -> id.rotationRate() + " rpm";
        };
        return "ATA: " + id.userSectors() + " sectors of " + id.logicalSectorSize() + " bytes, "
                + (id.lba48() ? "48-bit addressing" : "28-bit addressing only") + ", " + rotation;
    }

    private static String eraseTimes(IdentifyData.Security s) {
        if (!s.supported()) {
            return " (IDENTIFY word 82 bit 1 clear)";
        }
        return "; security erase " + s.normalEraseTime().describe() + (s.enhancedErase()
                ? ", enhanced erase " + s.enhancedEraseTime().describe() : ", no enhanced erase");
    }
}
