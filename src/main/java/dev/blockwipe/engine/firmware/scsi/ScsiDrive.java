package dev.blockwipe.engine.firmware.scsi;

import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.firmware.Offer;
import dev.blockwipe.engine.firmware.ScsiCommand;
import dev.blockwipe.engine.firmware.ScsiResult;
import dev.blockwipe.engine.method.FirmwareMethod;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A SCSI drive (a SAS drive, or a drive behind a USB bridge that passes no ATA commands): INQUIRY,
 * the Unit Serial Number page, and REPORT SUPPORTED OPERATION CODES for each SANITIZE service
 * action. A service action is offered only when the drive says it supports it.
 */
public final class ScsiDrive {
    private ScsiDrive() {
    }

    /**
     * The report of a SCSI drive whose ATA IDENTIFY through ATA PASS-THROUGH was refused.
     *
     * @param ataRefused why ATA PASS-THROUGH was refused, in one sentence: the reason the ATA methods give
     * @throws IOException when the drive does not answer INQUIRY
     */
    public static DriveReport probe(DeviceCommands drive, String ataRefused) throws IOException {
        Inquiry inquiry = inquiry(drive);
        String serial = inquiry.answersVpd() ? serialNumber(drive) : "";
        List<Answer> answers = new ArrayList<>();
        for (SanitizeAction action : SanitizeAction.values()) {
            answers.add(ask(drive, action));
        }
        List<Offer> offers = new ArrayList<>(answers.stream().map(Answer::offer).toList());
        Arrays.stream(FirmwareMethod.values()).filter(m -> m.family() == FirmwareMethod.Family.ATA)
                .forEach(m -> offers.add(Offer.unavailable(m, ataRefused)));
        List<String> facts = List.of("ATA: " + ataRefused, sanitizeFact(answers));
        return DriveReport.of("SCSI", inquiry.model(), serial, inquiry.revision(), facts, Optional.empty(),
                FirmwareMethod.Family.SCSI, offers);
    }

    private static Inquiry inquiry(DeviceCommands drive) throws IOException {
        ScsiCommand command = ScsiCommands.inquiry();
        byte[] data = new byte[command.dataLength()];
        ScsiResult r = drive.scsi(command, data);
        if (!r.isGood()) {
            throw new IOException("INQUIRY failed (" + Sense.status(r) + ").");
        }
        return Inquiry.parse(Arrays.copyOf(data, data.length - r.residual()));
    }

    private static String serialNumber(DeviceCommands drive) throws IOException {
        ScsiCommand command = ScsiCommands.unitSerialNumber();
        byte[] page = new byte[command.dataLength()];
        ScsiResult r = drive.scsi(command, page);
        return r.isGood() ? Inquiry.serialNumber(Arrays.copyOf(page, page.length - r.residual())).orElse("") : "";
    }

    private static Answer ask(DeviceCommands drive, SanitizeAction action) throws IOException {
        ScsiCommand command = ScsiCommands.reportSupport(ScsiCommands.SANITIZE, action.code());
        byte[] data = new byte[command.dataLength()];
        ScsiResult r = UnitAttention.send(drive, command, data, answer -> { });
        return r.isGood()
                ? new Answer(action, CommandSupport.parse(Arrays.copyOf(data, data.length - r.residual())), "")
                : new Answer(action, CommandSupport.NOT_AVAILABLE, Sense.status(r));
    }

    /** "Sanitize: block erase, crypto erase; not offered: overwrite", or why no firmware erase gets through. */
    private static String sanitizeFact(List<Answer> answers) {
        if (answers.stream().allMatch(Answer::refused)) {
            return "Firmware erase: unavailable through this connection (" + answers.get(0).offer().reason() + ")";
        }
        String offered = answers.stream().filter(a -> a.support().supported()).map(Answer::label)
                .collect(Collectors.joining(", "));
        String notOffered = answers.stream().filter(a -> !a.support().supported()).map(a -> a.action().label())
                .collect(Collectors.joining(", "));
        if (offered.isEmpty()) {
            return "Sanitize: none offered";
        }
        return notOffered.isEmpty() ? "Sanitize: " + offered : "Sanitize: " + offered + "; not offered: " + notOffered;
    }

    /**
     * What REPORT SUPPORTED OPERATION CODES answered about one service action.
     *
     * @param refusal the status of the refused command, empty when it was answered
     */
    private record Answer(SanitizeAction action, CommandSupport support, String refusal) {
        boolean refused() {
            return !refusal.isEmpty();
        }

        String label() {
            return support == CommandSupport.VENDOR_SPECIFIC ? action.label() + " (vendor-specific)" : action.label();
        }

        Offer offer() {
            String sanitize = "SANITIZE " + action.specName();
            if (refused()) {
                return Offer.unavailable(action.method(), "the drive or its bridge does not report which commands it"
                        + " supports (REPORT SUPPORTED OPERATION CODES refused: " + refusal + ")");
            }
            ScsiSanitize operation = new ScsiSanitize(action);
            return switch (support) {
                case STANDARD -> Offer.available(operation, "the drive reports " + sanitize + " supported",
                        operation.readsAs(), Optional.empty());
                case VENDOR_SPECIFIC -> Offer.available(operation, "the drive reports " + sanitize
                        + " supported in a vendor-specific manner", operation.readsAs(), Optional.empty());
                case NOT_SUPPORTED -> Offer.unavailable(action.method(), "the drive reports " + sanitize
                        + " not supported");
                case NOT_AVAILABLE -> Offer.unavailable(action.method(), "the drive reports no support data for "
                        + sanitize + " (REPORT SUPPORTED OPERATION CODES SUPPORT 000b)");
                case RESERVED -> Offer.unavailable(action.method(), "the drive answers a reserved SUPPORT value for "
                        + sanitize + " in REPORT SUPPORTED OPERATION CODES");
            };
        }
    }
}
