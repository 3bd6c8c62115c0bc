package dev.blockwipe.ui.dialogs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.devices.ClearLimitation;
import dev.blockwipe.devices.Transport;
import dev.blockwipe.engine.fault.FaultPolicy;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.io.OldData;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.FirmwareMethod;
import dev.blockwipe.engine.method.Technique;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.report.Operator;
import dev.blockwipe.ui.TestDrives;
import dev.blockwipe.ui.tree.RowFacts;
import dev.blockwipe.ui.tree.Rows;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class WipeDialogViewModelTest {
    /** One minute of writing at the typical loop device rate (1.5 GB/s). */
    private static final long ONE_MINUTE_OF_LOOP = 90_000_000_000L;

    private final ThroughputEstimates estimates = new ThroughputEstimates();

    @Test
    void oneTargetIsConfirmedByTypingItsName() {
        assertThat(dialog("loop3").confirmation().expected()).isEqualTo("loop3");
    }

    @Test
    void severalTargetsAreConfirmedByTypingHowManyTargetsNotDisksForAPartitionMayBeAmongThem() {
        assertThat(dialog("loop3", "loop4", "sdb1").confirmation().expected()).isEqualTo("WIPE 3 TARGETS");
    }

    @Test
    void dialogWithoutTargetsCannotBeMade() {
        assertThatThrownBy(() -> new WipeDialogViewModel(List.of(), estimates, Operator.UNNAMED, Rows.noDrive()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest(name = "typed \"{0}\"")
    @ValueSource(strings = {"", "loop", "LOOP3", "Loop3", "loop3x", "loop33", "loop 3", "/dev/loop3"})
    void anythingButTheExactNameLeavesWipeDisabled(String typed) {
        WipeDialogViewModel vm = dialog("loop3");

        vm.confirmation().typedProperty().set(typed);

        assertThat(vm.canWipeProperty().get()).isFalse();
    }

    @ParameterizedTest(name = "typed \"{0}\"")
    @ValueSource(strings = {"loop3", "  loop3", "loop3 ", "\tloop3\n"})
    void exactNameEnablesWipeWhateverSpacesSurroundIt(String typed) {
        WipeDialogViewModel vm = dialog("loop3");

        vm.confirmation().typedProperty().set(typed);

        assertThat(vm.canWipeProperty().get()).isTrue();
    }

    @ParameterizedTest(name = "typed \"{0}\" → {1}")
    @CsvSource(delimiter = '|', value = {
        "WIPE 3 TARGETS|true", "wipe 3 targets|false", "WIPE 3 TARGET|false", "WIPE  3 TARGETS|false",
        "WIPE 2 TARGETS|false", "WIPE 3 DISKS|false",
        "loop3|false"})
    void severalTargetsNeedTheExactCountPhrase(String typed, boolean enabled) {
        WipeDialogViewModel vm = dialog("loop3", "loop4", "sdb1");

        vm.confirmation().typedProperty().set(typed);

        assertThat(vm.canWipeProperty().get()).isEqualTo(enabled);
    }

    @Test
    void clearingTheTextDisablesWipeAgain() {
        WipeDialogViewModel vm = confirmed("loop3");

        vm.confirmation().typedProperty().set("loop");

        assertThat(vm.canWipeProperty().get()).isFalse();
    }

    @Test
    void aBadSectorIsIsolatedAndPassedUnlessTheUserAsksToStopThere() {
        WipeDialogViewModel vm = confirmed("loop3");
        assertThat(vm.request().faults()).isEqualTo(FaultPolicy.DEFAULT);

        vm.stopAtBadSectorProperty().set(true);

        assertThat(vm.request().faults().stopAtFirst()).isTrue();
        assertThat(vm.request().faults().maxBadRanges()).isEqualTo(FaultPolicy.DEFAULT.maxBadRanges());
    }

    @Test
    void aTemperatureLimitIsOnlySetWhenTheUserAsksForIt() {
        WipeDialogViewModel vm = confirmed("loop3");
        vm.maxCelsiusProperty().set(55);
        assertThat(vm.request().faults().maxCelsius()).as("not asked for").isZero();

        vm.pauseWhenHotProperty().set(true);
        assertThat(vm.request().faults().maxCelsius()).isEqualTo(55);

        vm.maxCelsiusProperty().set(3);
        assertThat(vm.problemProperty().get()).isEqualTo("the temperature limit must be between 6 and 100 °C, not 3");
        assertThat(vm.canWipeProperty().get()).isFalse();
    }

    static Stream<Arguments> contradictoryOptions() {
        return Stream.of(
                Arguments.of("nist-clear", VerifyChoice.OFF, false, "nist-clear includes a verification"),
                Arguments.of("hmg-is5-enhanced", VerifyChoice.OFF, false, "hmg-is5-enhanced includes a verification"),
                Arguments.of("zeroout", VerifyChoice.LAST, true, "zeroout does not overwrite"),
                Arguments.of("discard", VerifyChoice.OFF, true, "discard does not overwrite"));
    }

    @ParameterizedTest(name = "{0}, verify {1}, blank {2}")
    @MethodSource("contradictoryOptions")
    void contradictoryOptionsDisableWipeEvenWhenConfirmedAndSayWhy(String method, VerifyChoice verify, boolean blank,
                                                                   String why) {
        WipeDialogViewModel vm = confirmed("loop3");

        choose(vm, method, verify, blank);

        assertThat(vm.canWipeProperty().get()).isFalse();
        assertThat(vm.problemProperty().get()).contains(why);
        assertThatThrownBy(vm::request).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(why);
    }

    @Test
    void resolvingTheContradictionEnablesWipeAgain() {
        WipeDialogViewModel vm = confirmed("loop3");
        choose(vm, "nist-clear", VerifyChoice.OFF, false);

        vm.verifyProperty().set(VerifyChoice.ALL);

        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.canWipeProperty().get()).isTrue();
    }

    static Stream<Arguments> verifyChoices() {
        return Stream.of(
                Arguments.of(VerifyChoice.OFF, new Verification.Off()),
                Arguments.of(VerifyChoice.LAST, new Verification.Last()),
                Arguments.of(VerifyChoice.ALL, new Verification.All()),
                Arguments.of(VerifyChoice.SAMPLE, new Verification.Sample(12)));
    }

    @ParameterizedTest(name = "verify {0}")
    @MethodSource("verifyChoices")
    void requestCarriesTheChosenOptions(VerifyChoice verify, Verification expected) {
        WipeDialogViewModel vm = dialog("loop3");
        vm.samplePercentProperty().set(12);
        choose(vm, "dod-short", verify, true);

        WipeRequest request = vm.request();

        assertThat(request.method()).isEqualTo(method("dod-short"));
        assertThat(request.verification()).isEqualTo(expected);
        assertThat(request.blank()).isTrue();
    }

    @Test
    void defaultsAreOneZeroPassReadBackAfterTheLastAndNoBlanking() {
        WipeRequest request = dialog("loop3").request();

        assertThat(request.method().name()).isEqualTo("zero");
        assertThat(request.verification()).isEqualTo(new Verification.Last());
        assertThat(request.blank()).isFalse();
    }

    @ParameterizedTest(name = "{0}% → {1}%")
    @CsvSource({"0, 1", "-5, 1", "1, 1", "100, 100", "250, 100"})
    void samplePercentIsKeptBetweenOneAndAHundred(int typed, double used) {
        WipeDialogViewModel vm = dialog("loop3");
        vm.verifyProperty().set(VerifyChoice.SAMPLE);

        vm.samplePercentProperty().set(typed);

        assertThat(vm.verification()).isEqualTo(new Verification.Sample(used));
    }

    @Test
    void estimateGrowsWithThePassesAndNamesTheRateItAssumes() {
        RowFacts target = Rows.facts("loop3", "Loop", ONE_MINUTE_OF_LOOP, Rows.WIPEABLE);
        WipeDialogViewModel vm = new WipeDialogViewModel(List.of(target), estimates, Operator.UNNAMED, Rows.noDrive());
        String onePass = vm.estimate(target);

        vm.methodProperty().set(method("dod"));

        assertThat(onePass).isEqualTo("~ 2 m 0 s (a guess: 1.5 GB/s is typical of loop devices, none wiped here yet)");
        assertThat(vm.estimate(target)).startsWith("~ 8 m 0 s (a guess: 1.5 GB/s");
    }

    @Test
    void estimateUsesTheRateMeasuredInThisSession() {
        RowFacts target = Rows.facts("loop3", "Loop", ONE_MINUTE_OF_LOOP, Rows.WIPEABLE);
        estimates.measured("Loop", ONE_MINUTE_OF_LOOP, ONE_MINUTE_OF_LOOP, ONE_MINUTE_OF_LOOP / 3e9, 1);

        String estimate = new WipeDialogViewModel(List.of(target), estimates, Operator.UNNAMED, Rows.noDrive()).estimate(target);

        assertThat(estimate).isEqualTo("~ 1 m 0 s (3 GB/s, from 1 earlier wipe of a loop device this size here)");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "zero|1 pass · NIST 800-88 Clear",
        "dod-short|3 passes · NIST 800-88 Clear",
        "nist-clear|1 pass · NIST 800-88 Clear · read-back included",
        "discard|discard (unmap) · NIST 800-88 none"})
    void methodListDescribesPassesNistClassAndReadBack(String name, String text) {
        assertThat(WipeDialogViewModel.describe(method(name))).isEqualTo(text);
    }

    @Test
    void aTargetWhoseOldDataStaysIsSaidToEndUnprovenBeforeTheWipe() {
        RowFacts onBtrfs = Rows.facts("loop3", "Loop", 256 << 20, Rows.CONFIRM, new OldData(
                "its backing file /srv/a.img is on btrfs", "the loop device zeroes by fallocate on its backing file"));
        RowFacts plain = Rows.loop("loop4", Rows.CONFIRM);
        WipeDialogViewModel vm = new WipeDialogViewModel(List.of(onBtrfs, plain), estimates, Operator.UNNAMED, Rows.noDrive());

        assertThat(vm.unproven(onBtrfs)).isEqualTo("the result will be UNPROVEN (done, but not a proven erasure):"
                + " its backing file /srv/a.img is on btrfs");
        assertThat(vm.unproven(plain)).isEmpty();
        vm.methodProperty().set(method("zeroout"));
        assertThat(vm.unproven(onBtrfs)).endsWith("the loop device zeroes by fallocate on its backing file");
    }

    @Test
    void anSsdTargetIsWarnedThatNoOfferedMethodReachesItsSpareBlocks() {
        String limitation = ClearLimitation.of(Transport.SATA, false).orElseThrow();
        RowFacts ssd = Rows.ssd("sdc", limitation);
        RowFacts loop = Rows.loop("loop4", Rows.CONFIRM);
        WipeDialogViewModel vm = new WipeDialogViewModel(List.of(ssd, loop), estimates, Operator.UNNAMED, Rows.noDrive());

        assertThat(vm.clearLimitation(ssd)).isEqualTo(limitation).contains("spare, remapped", "ATA sanitize");
        assertThat(vm.clearLimitation(loop)).isEmpty();
    }

    @Test
    void aDiscardThatNothingReadsBackIsSaidToEndUnprovenUntilAReadBackIsChosen() {
        WipeDialogViewModel vm = dialog("loop3");
        RowFacts target = vm.targets().get(0);
        vm.methodProperty().set(method("discard"));
        vm.verifyProperty().set(VerifyChoice.OFF);

        assertThat(vm.unproven(target)).contains("UNPROVEN", "nothing was read back");
        vm.verifyProperty().set(VerifyChoice.LAST);
        assertThat(vm.unproven(target)).isEmpty();
    }

    @Test
    void eachTargetHasItsOwnOptionalAssetTag() {
        WipeDialogViewModel vm = dialog("loop1", "loop2");
        RowFacts first = vm.targets().get(0);
        RowFacts second = vm.targets().get(1);

        vm.assetTagProperty(second).set("LAB-0002");

        assertThat(vm.assetTagProperty(first).get()).isEmpty();
        assertThat(vm.assetTagProperty(second).get()).isEqualTo("LAB-0002");
        assertThatThrownBy(() -> vm.assetTagProperty(Rows.loop("loop9", Rows.CONFIRM)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aLoopDeviceIsOfferedNoFirmwareMethodAndToldWhy() {
        WipeDialogViewModel vm = dialog("loop3");

        assertThat(vm.firmwareMethods()).isEmpty();
        assertThat(vm.methods()).isNotEmpty().noneMatch(m -> m.technique() == Technique.FIRMWARE);
        assertThat(vm.firmwareNoteProperty().get())
                .startsWith("Firmware erase: none offered — the device takes no drive commands (loop");
    }

    @Test
    void aDriveThatOffersNvmeFormatIsOfferedExactlyThatAndToldItCannotBeCancelled() {
        RowFacts nvme = Rows.facts("nvme0n1", "NVMe SSD", 256L << 20, Rows.WIPEABLE);
        WipeDialogViewModel vm = new WipeDialogViewModel(List.of(nvme), estimates, Operator.UNNAMED,
                t -> CompletableFuture.completedFuture(TestDrives.nvme(Optional.of(Duration.ofMinutes(2)),
                        TestDrives.ZEROES, FirmwareMethod.NVME_FORMAT_USER_DATA)));
        vm.blankProperty().set(true);

        assertThat(vm.firmwareMethods()).extracting(WipeMethod::name).containsExactly("nvme-format-user-data");
        assertThat(vm.firmwareNoteProperty().get()).isEmpty();
        vm.methodProperty().set(vm.firmwareMethods().get(0));

        assertThat(vm.methodNoticeProperty().get()).isEqualTo("The drive erases itself: this cannot be cancelled once"
                + " the drive has started; the drive estimates 2 m 0 s.");
        assertThat(vm.estimate(nvme)).startsWith("the drive estimates 2 m 0 s, then ~").contains("to read back");
        assertThat(vm.blankProperty().get()).as("no blanking pass after a firmware erase").isFalse();
        assertThat(vm.readBackNoteProperty().get()).isEmpty();
        vm.confirmation().typedProperty().set("nvme0n1");
        assertThat(vm.canWipeProperty().get()).isTrue();
        assertThat(vm.request().verification()).isEqualTo(new Verification.Last());
    }

    @Test
    void aFirmwareEraseThatDefinesNoContentIsNotReadBackAndTheDialogSaysOnlyCanariesAre() {
        RowFacts nvme = Rows.facts("nvme0n1", "NVMe SSD", 256L << 20, Rows.WIPEABLE);
        WipeDialogViewModel vm = new WipeDialogViewModel(List.of(nvme), estimates, Operator.UNNAMED,
                t -> CompletableFuture.completedFuture(TestDrives.nvme(Optional.empty(), Optional.empty(),
                        FirmwareMethod.NVME_SANITIZE_CRYPTO)));

        vm.methodProperty().set(vm.firmwareMethods().get(0));

        assertThat(vm.readBackNoteProperty().get()).startsWith("Read-back is not possible").contains("canaries");
        assertThat(vm.verification()).isEqualTo(new Verification.Off());
        assertThat(vm.estimate(nvme)).isEqualTo("the drive gives no estimate");
        assertThat(vm.methodNoticeProperty().get()).contains("the drive gives no estimate",
                "a power loss during a sanitize is resumed by the drive when it is powered again");
    }

    @Test
    void severalTargetsAreOfferedOnlyWhatEveryDriveOffers() {
        RowFacts a = Rows.facts("nvme0n1", "NVMe SSD", 256L << 20, Rows.WIPEABLE);
        RowFacts b = Rows.facts("nvme1n1", "NVMe SSD", 256L << 20, Rows.WIPEABLE);
        WipeDialogViewModel vm = new WipeDialogViewModel(List.of(a, b), estimates, Operator.UNNAMED,
                t -> CompletableFuture.completedFuture(t == a
                        ? TestDrives.nvme(Optional.empty(), TestDrives.ZEROES, FirmwareMethod.NVME_FORMAT_USER_DATA,
                                FirmwareMethod.NVME_SANITIZE_BLOCK)
                        : TestDrives.nvme(Optional.empty(), TestDrives.ZEROES, FirmwareMethod.NVME_SANITIZE_BLOCK)));

        assertThat(vm.firmwareMethods()).extracting(WipeMethod::name).containsExactly("nvme-sanitize-block");
    }

    @Test
    void firmwareMethodsComeOnceTheDriveHasAnsweredAndCannotBeChosenBefore() {
        RowFacts nvme = Rows.facts("nvme0n1", "NVMe SSD", 256L << 20, Rows.WIPEABLE);
        CompletableFuture<DriveReport> answer = new CompletableFuture<>();
        WipeDialogViewModel vm = new WipeDialogViewModel(List.of(nvme), estimates, Operator.UNNAMED, t -> answer);
        vm.confirmation().typedProperty().set("nvme0n1");
        vm.methodProperty().set(method("nvme-format-user-data"));

        assertThat(vm.firmwareNoteProperty().get()).isEqualTo("Firmware erase: asking the drive…");
        assertThat(vm.canWipeProperty().get()).isFalse();
        answer.complete(TestDrives.nvme(Optional.empty(), TestDrives.ZEROES, FirmwareMethod.NVME_FORMAT_USER_DATA));

        assertThat(vm.firmwareMethods()).extracting(WipeMethod::name).containsExactly("nvme-format-user-data");
        assertThat(vm.canWipeProperty().get()).isTrue();
    }

    private WipeDialogViewModel dialog(String... names) {
        return new WipeDialogViewModel(Stream.of(names).map(n -> Rows.loop(n, Rows.CONFIRM)).toList(), estimates,
                Operator.UNNAMED, Rows.noDrive());
    }

    private WipeDialogViewModel confirmed(String name) {
        WipeDialogViewModel vm = dialog(name);
        vm.confirmation().typedProperty().set(name);
        assertThat(vm.canWipeProperty().get()).as("precondition: confirmed").isTrue();
        return vm;
    }

    private static void choose(WipeDialogViewModel vm, String method, VerifyChoice verify, boolean blank) {
        vm.methodProperty().set(method(method));
        vm.verifyProperty().set(verify);
        vm.blankProperty().set(blank);
    }

    private static WipeMethod method(String name) {
        return WipeMethods.byName(name).orElseThrow();
    }
}
