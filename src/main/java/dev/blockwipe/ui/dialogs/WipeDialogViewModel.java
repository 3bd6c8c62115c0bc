package dev.blockwipe.ui.dialogs;

import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.firmware.DriveReport;
import dev.blockwipe.engine.fault.FaultPolicy;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.Technique;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.report.Operator;
import dev.blockwipe.ui.tree.RowFacts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The wipe dialog: method, read-back, blanking pass, what a bad sector does, who the operator is
 * (for the certificates), and the confirmation that matches the risk. Besides the overwrite and
 * range methods it offers the drive's own erases (Purge) that the drives of all targets offer, once
 * they have answered (they are asked in the background).
 * The Wipe command is enabled only when the user has typed the device name (one target) or
 * "WIPE 3 TARGETS" (several), and the options are consistent.
 */
public final class WipeDialogViewModel {
    /** What the temperature limit starts at: most drives are specified for 0 to 60 or 70 °C while working. */
    public static final int DEFAULT_MAX_CELSIUS = 60;

    private final List<RowFacts> targets;
    private final ThroughputEstimates estimates;
    private final ObjectProperty<WipeMethod> method = new SimpleObjectProperty<>(WipeMethods.byName("zero").orElseThrow());
    private final ObjectProperty<VerifyChoice> verify = new SimpleObjectProperty<>(VerifyChoice.LAST);
    private final IntegerProperty samplePercent = new SimpleIntegerProperty(5);
    private final BooleanProperty blank = new SimpleBooleanProperty();
    private final BooleanProperty stopAtBadSector = new SimpleBooleanProperty();
    private final BooleanProperty pauseWhenHot = new SimpleBooleanProperty();
    private final IntegerProperty maxCelsius = new SimpleIntegerProperty(DEFAULT_MAX_CELSIUS);
    private final StringProperty operator = new SimpleStringProperty("");
    private final Map<RowFacts, StringProperty> assetTags = new LinkedHashMap<>();
    private final StringProperty organisation = new SimpleStringProperty("");
    private final TypedConfirmation confirmation;
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper canWipe = new ReadOnlyBooleanWrapper();
    /** What the drives said of their firmware methods; null until every one has answered. */
    private final ReadOnlyObjectWrapper<FirmwareOffers> offers = new ReadOnlyObjectWrapper<>();
    private final ObservableList<WipeMethod> firmwareMethods = FXCollections.observableArrayList();
    private final ObservableList<WipeMethod> firmwareMethodsView = FXCollections.unmodifiableObservableList(firmwareMethods);
    private final ReadOnlyStringWrapper firmwareNote = new ReadOnlyStringWrapper(FIRMWARE + "asking the drive…");
    private final ReadOnlyStringWrapper methodNotice = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper readBackNote = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper firmwareChosen = new ReadOnlyBooleanWrapper();

    /** How the firmware line of the method list starts. */
    private static final String FIRMWARE = "Firmware erase: ";

    /**
     * @param named  who the certificates named so far (the settings): the dialog asks again, filled in
     * @param drives what the drive of a target says (completes on the FX thread): the firmware
     *               methods are offered once every target's drive has answered
     */
    public WipeDialogViewModel(List<RowFacts> targets, ThroughputEstimates estimates, Operator named,
                               Function<RowFacts, CompletableFuture<DriveReport>> drives) {
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("a wipe needs at least one target");
        }
        this.targets = List.copyOf(targets);
        this.targets.forEach(t -> assetTags.put(t, new SimpleStringProperty("")));
        this.estimates = estimates;
        operator.set(named.name());
        organisation.set(named.organisation());
        confirmation = new TypedConfirmation(targets);
        firmwareChosen.bind(Bindings.createBooleanBinding(() -> method.get().technique() == Technique.FIRMWARE, method));
        firmwareChosen.addListener((obs, was, now) -> blank.set(blank.get() && !now));
        methodNotice.bind(Bindings.createStringBinding(() -> firmwareChosen.get() && offers.get() != null
                ? offers.get().notice(method.get()) : "", method, offers));
        readBackNote.bind(Bindings.createStringBinding(() -> firmwareChosen.get() && !readBackPossible()
                ? "Read-back is not possible: the drive does not define what its blocks read as after this erase, so"
                + " only the canaries written before it are read back." : "", method, offers));
        problem.bind(Bindings.createStringBinding(this::checkOptions, method, verify, blank, samplePercent,
                pauseWhenHot, maxCelsius, offers));
        canWipe.bind(confirmation.confirmedProperty().and(problem.isEmpty()));
        Map<RowFacts, CompletableFuture<DriveReport>> asked = new LinkedHashMap<>();
        this.targets.forEach(t -> asked.put(t, drives.apply(t)));
        CompletableFuture.allOf(asked.values().toArray(CompletableFuture[]::new)).thenRun(() -> {
            Map<RowFacts, DriveReport> answered = new LinkedHashMap<>();
            asked.forEach((t, answer) -> answered.put(t, answer.join()));
            answered(new FirmwareOffers(answered));
        });
    }

    /** Every drive answered: its methods are offered, or why none is said. FX thread. */
    private void answered(FirmwareOffers answers) {
        offers.set(answers);
        firmwareMethods.setAll(answers.methods());
        firmwareNote.set(answers.methods().isEmpty() ? FIRMWARE + "none offered — " + answers.whyNone() : "");
    }

    private String checkOptions() {
        if (firmwareChosen.get() && !firmwareMethods.contains(method.get())) {
            return offers.get() == null ? "the drive has not answered yet" : "not every drive offers " + method.get().title();
        }
        try {
            request();
            return "";
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /** Who runs this wipe, for its certificates (empty: "not named"). */
    public Operator operator() {
        return new Operator(operator.get(), organisation.get());
    }

    public StringProperty operatorProperty() {
        return operator;
    }

    public StringProperty organisationProperty() {
        return organisation;
    }

    /** @throws IllegalArgumentException when the options contradict each other */
    public WipeRequest request() {
        return new WipeRequest(method.get(), verification(), blank.get(), 0, 0,
                FaultPolicy.DEFAULT.withStopAtFirst(stopAtBadSector.get())
                        .withMaxCelsius(pauseWhenHot.get() ? maxCelsius.get() : 0));
    }

    /** The read-back chosen; none after a firmware erase whose drive does not define what its blocks read as. */
    public Verification verification() {
        if (firmwareChosen.get() && !readBackPossible()) {
            return new Verification.Off();
        }
        return switch (verify.get()) {
            case OFF -> new Verification.Off();
            case LAST -> new Verification.Last();
            case ALL -> new Verification.All();
            case SAMPLE -> new Verification.Sample(Math.max(1, Math.min(100, samplePercent.get())));
        };
    }

    /** "3 passes · NIST 800-88 Clear · read-back included" for the method list. */
    public static String describe(WipeMethod m) {
        String passes = m.technique().isRangeOperation() ? m.technique().label()
                : m.passCount() + (m.passCount() == 1 ? " pass" : " passes");
        return passes + " · NIST 800-88 " + m.nist().label() + (m.verificationRequired() ? " · read-back included" : "");
    }

    /**
     * How long the chosen options will take on one target wiped with the others at once: for a
     * firmware method the drive's own estimate (no throughput is assumed for what the drive does),
     * then the read-back.
     */
    public String estimate(RowFacts target) {
        if (!firmwareChosen.get()) {
            return estimates.describe(target.size(), target.kind(), method.get(), verification(), blank.get(), targets.size());
        }
        if (offers.get() == null) {
            return "the drive has not answered yet";
        }
        return offers.get().estimate(target, method.get()) + (verification().isOff() ? ""
                : ", then " + estimates.describeReadBack(target.size(), target.kind(), verification(), targets.size()));
    }

    /** Whether the chosen firmware method's result can be read back on every target (false until the drives answered). */
    private boolean readBackPossible() {
        return offers.get() != null && offers.get().readBackPossible(method.get());
    }

    /**
     * Why the chosen method and read-back will prove no erasure of {@code target} (a file on btrfs or
     * an overlay, a loop device over one, a discard that nothing reads back): "the result will be
     * UNPROVEN …", as the plan of {@code wipe --no-act} says it; empty when the result can be ERASED.
     */
    public String unproven(RowFacts target) {
        String why = target.oldData().whyUnproven(method.get().technique(), verification());
        return why == null ? "" : "the result will be UNPROVEN (done, but not a proven erasure): " + why;
    }

    /**
     * What none of the methods offered here reaches on {@code target}, all of them being NIST SP
     * 800-88 Clear (an SSD's spare blocks, and the Purge command that would), or empty: said before
     * the wipe, as its certificate will say it after.
     */
    public String clearLimitation(RowFacts target) {
        return firmwareChosen.get() ? "" : target.clearLimitation();
    }

    /**
     * "/dev/loop3 · Loop · 256 MiB · serial S1 · gpt partition table; loop3p1: ext4 "data"" for the
     * target list: everything on the device, its partitions included.
     */
    public static String describe(RowFacts t) {
        String inside = t.verdict() instanceof SafetyVerdict.NeedsConfirmation n ? n.contents()
                : t.contents().isEmpty() ? "nothing recognised" : t.contents();
        StringBuilder sb = new StringBuilder(t.path());
        for (String part : new String[] {t.kind(), Units.bytes(t.size()), t.model(),
            t.serial().isEmpty() ? "" : "serial " + t.serial(), inside}) {
            if (!part.isEmpty()) {
                sb.append(" · ").append(part);
            }
        }
        return sb.toString();
    }

    public List<RowFacts> targets() {
        return targets;
    }

    /** The owner's label (inventory number) for {@code target}, for its certificate; optional. */
    public StringProperty assetTagProperty(RowFacts target) {
        StringProperty tag = assetTags.get(target);
        if (tag == null) {
            throw new IllegalArgumentException(target.name() + " is not a target of this dialog");
        }
        return tag;
    }

    /** The overwrite and range methods, which work on every target. */
    public List<WipeMethod> methods() {
        return WipeMethods.all().stream().filter(m -> m.technique() != Technique.FIRMWARE).toList();
    }

    /** The drive's own erases that every target's drive offers; empty until they have answered. */
    public ObservableList<WipeMethod> firmwareMethods() {
        return firmwareMethodsView;
    }

    /** "Firmware erase: asking the drive…", "Firmware erase: none offered — why", or empty when some are offered. */
    public ReadOnlyStringProperty firmwareNoteProperty() {
        return firmwareNote.getReadOnlyProperty();
    }

    /** A firmware method is chosen: no blanking pass, the drive's estimate, and no cancelling once it runs. */
    public ReadOnlyBooleanProperty firmwareChosenProperty() {
        return firmwareChosen.getReadOnlyProperty();
    }

    /** What the chosen firmware method means (it cannot be cancelled, the drive's estimate, power loss); else empty. */
    public ReadOnlyStringProperty methodNoticeProperty() {
        return methodNotice.getReadOnlyProperty();
    }

    /** Why the chosen firmware method cannot be read back (only its canaries are); else empty. */
    public ReadOnlyStringProperty readBackNoteProperty() {
        return readBackNote.getReadOnlyProperty();
    }

    /** The drives' answers came (the firmware methods, estimates and notes changed then). */
    public Observable drivesAnswered() {
        return offers.getReadOnlyProperty();
    }

    public ObjectProperty<WipeMethod> methodProperty() {
        return method;
    }

    public ObjectProperty<VerifyChoice> verifyProperty() {
        return verify;
    }

    public IntegerProperty samplePercentProperty() {
        return samplePercent;
    }

    public BooleanProperty blankProperty() {
        return blank;
    }

    /** Stop a job at its first bad sector, instead of isolating it and going on. */
    public BooleanProperty stopAtBadSectorProperty() {
        return stopAtBadSector;
    }

    /** Pause a job's writes while its drive reports more than {@link #maxCelsiusProperty()} degrees. */
    public BooleanProperty pauseWhenHotProperty() {
        return pauseWhenHot;
    }

    public IntegerProperty maxCelsiusProperty() {
        return maxCelsius;
    }

    /** What the user types to confirm. */
    public TypedConfirmation confirmation() {
        return confirmation;
    }

    /** Why the options cannot run, or empty. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canWipeProperty() {
        return canWipe.getReadOnlyProperty();
    }
}
