package dev.blockwipe.ui.dialogs;

import dev.blockwipe.devices.SafetyVerdict;
import dev.blockwipe.engine.Units;
import dev.blockwipe.engine.fault.FaultPolicy;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.method.Verification;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.report.Operator;
import dev.blockwipe.ui.tree.RowFacts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The wipe dialog: method, read-back, blanking pass, what a bad sector does, who the operator is
 * (for the certificates), and the confirmation that matches the risk.
 * The Wipe command is enabled only when the user has typed the device name (one target) or
 * "WIPE 3 DISKS" (several), and the options are consistent.
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

    /** @param named who the certificates named so far (the settings): the dialog asks again, filled in */
    public WipeDialogViewModel(List<RowFacts> targets, ThroughputEstimates estimates, Operator named) {
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("a wipe needs at least one target");
        }
        this.targets = List.copyOf(targets);
        this.targets.forEach(t -> assetTags.put(t, new SimpleStringProperty("")));
        this.estimates = estimates;
        operator.set(named.name());
        organisation.set(named.organisation());
        confirmation = new TypedConfirmation(targets);
        problem.bind(Bindings.createStringBinding(this::checkOptions, method, verify, blank, samplePercent,
                pauseWhenHot, maxCelsius));
        canWipe.bind(confirmation.confirmedProperty().and(problem.isEmpty()));
    }

    private String checkOptions() {
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

    public Verification verification() {
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

    /** How long the chosen options will take on one target. */
    public String estimate(RowFacts target) {
        return estimates.describe(target.size(), target.kind(), method.get(), verification(), blank.get());
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
        return target.clearLimitation();
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

    public List<WipeMethod> methods() {
        return WipeMethods.all();
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
