package dev.blockwipe.engine.firmware.scsi;

import static dev.blockwipe.engine.firmware.scsi.ScsiCommandsTest.bytes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.blockwipe.engine.firmware.DataDirection;
import dev.blockwipe.engine.firmware.ScsiCommand;
import dev.blockwipe.engine.firmware.ScsiResult;
import org.junit.jupiter.api.Test;
import java.time.Duration;

/** The simulated drive answers hand-made CDBs as SPC-5 and SBC-4 say, so the tests built on it mean something. */
class SimulatedScsiTest {
    private static final Duration T = Duration.ofSeconds(30);
    private static final byte[] ATA_PASS_THROUGH_16 = bytes(0x85, 0x08, 0x0E, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0xEC, 0);

    @Test
    void aSasDriveRefusesAtaPassThroughAsAnInvalidOperationCodeInFixedSense() {
        ScsiResult r = new SimulatedScsi(8).supporting(2).scsi(
                new ScsiCommand(ATA_PASS_THROUGH_16, DataDirection.FROM_DEVICE, 512, T), new byte[512]);
        assertThat(r.status()).isEqualTo(ScsiResult.CHECK_CONDITION);
        assertThat(r.sense()[0]).isEqualTo((byte) 0x70);
        assertThat(r.senseKey()).isEqualTo(0x5);
        assertThat(r.additionalSense()).isEqualTo(0x2000);
    }

    @Test
    void aUsbBridgeRefusesReportSupportedOperationCodesButAnswersInquiry() {
        SimulatedScsi bridge = new SimulatedScsi(8).supporting(1, 2, 3).usbBridge();
        byte[] rsoc = bytes(0xA3, 0x0C, 0x02, 0x48, 0, 0x02, 0, 0, 0, 0x40, 0, 0);
        assertThat(bridge.scsi(new ScsiCommand(rsoc, DataDirection.FROM_DEVICE, 64, T), new byte[64])
                .additionalSense()).isEqualTo(0x2000);
        assertThat(bridge.scsi(new ScsiCommand(bytes(0x12, 0, 0, 0, 96, 0), DataDirection.FROM_DEVICE, 96, T),
                new byte[96]).isGood()).isTrue();
    }

    @Test
    void reportsProgressOverTheConfiguredPollsThenNoSense() {
        SimulatedScsi drive = new SimulatedScsi(8).supporting(2).sanitizeTakes(2);
        assertThat(send(drive, bytes(0x48, 0x82, 0, 0, 0, 0, 0, 0, 0, 0)).isGood()).isTrue();
        assertThat(requestSense(drive)).startsWith(bytes(0x70, 0, 0x02, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0x04, 0x1B, 0,
                0x80, 0x00, 0x00));
        assertThat(requestSense(drive)).startsWith(bytes(0x70, 0, 0x02, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0x04, 0x1B, 0,
                0x80, 0x80, 0x00));
        assertThat(requestSense(drive)).startsWith(bytes(0x70, 0, 0x00, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0x00, 0x00));
        assertThat(drive.image()).containsOnly(0);
    }

    @Test
    void afterAPowerLossTheFirstRequestSenseStillShowsProgressAndTestUnitReadyAUnitAttention() {
        SimulatedScsi drive = new SimulatedScsi(8).supporting(3).sanitizeTakes(4);
        send(drive, bytes(0x48, 0x83, 0, 0, 0, 0, 0, 0, 0, 0));
        requestSense(drive);
        drive.powerLoss();
        assertThat(requestSense(drive)).startsWith(bytes(0x70, 0, 0x02, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0x04, 0x1B, 0,
                0x80, 0x40, 0x00));
        assertThat(send(drive, new byte[6]).additionalSense()).isEqualTo(0x2900);
        assertThat(send(drive, new byte[6]).additionalSense()).isEqualTo(0x041B);
    }

    @Test
    void answersDescriptorSenseWhenAskedForIt() {
        SimulatedScsi drive = new SimulatedScsi(8).supporting(2).sanitizeTakes(4);
        send(drive, bytes(0x48, 0x82, 0, 0, 0, 0, 0, 0, 0, 0));
        requestSense(drive);
        byte[] data = new byte[252];
        drive.scsi(new ScsiCommand(bytes(0x03, 0x01, 0, 0, 0xFC, 0), DataDirection.FROM_DEVICE, 252, T), data);
        assertThat(data).startsWith(bytes(0x72, 0x02, 0x04, 0x1B, 0, 0, 0, 8, 0x02, 0x06, 0, 0, 0x80, 0x40, 0x00));
    }

    @Test
    void aFailedSanitizeLeavesFailureModeInRequestSenseAndTestUnitReady() {
        SimulatedScsi drive = new SimulatedScsi(8).supporting(2).sanitizeTakes(1).failingSanitize();
        send(drive, bytes(0x48, 0x82, 0, 0, 0, 0, 0, 0, 0, 0));
        requestSense(drive);
        assertThat(requestSense(drive)).startsWith(bytes(0x70, 0, 0x03, 0, 0, 0, 0, 10, 0, 0, 0, 0, 0x31, 0x03));
        assertThat(send(drive, new byte[6]).additionalSense()).isEqualTo(0x3103);
        assertThat(drive.image()).containsOnly(0x5A);
    }

    @Test
    void refusesAnEraseWithAParameterListAndAnOverwriteWithoutPasses() {
        SimulatedScsi drive = new SimulatedScsi(8).supporting(1, 2);
        assertThat(drive.scsi(new ScsiCommand(bytes(0x48, 0x82, 0, 0, 0, 0, 0, 0, 8, 0), DataDirection.TO_DEVICE, 8,
                T), new byte[8]).additionalSense()).isEqualTo(0x2400);
        assertThat(drive.scsi(new ScsiCommand(bytes(0x48, 0x81, 0, 0, 0, 0, 0, 0, 8, 0), DataDirection.TO_DEVICE, 8,
                T), bytes(0x00, 0, 0, 4, 0, 0, 0, 0)).additionalSense()).isEqualTo(0x2600);
        assertThat(drive.sanitizing()).isFalse();
    }

    private static ScsiResult send(SimulatedScsi drive, byte[] cdb) {
        return drive.scsi(new ScsiCommand(cdb, DataDirection.NONE, 0, T), new byte[0]);
    }

    private static byte[] requestSense(SimulatedScsi drive) {
        byte[] data = new byte[252];
        drive.scsi(new ScsiCommand(bytes(0x03, 0, 0, 0, 0xFC, 0), DataDirection.FROM_DEVICE, 252, T), data);
        return data;
    }
}
