package dev.blockwipe.ui.dialogs;

import dev.blockwipe.engine.fault.FaultPolicy;
import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.method.WipeMethod;
import dev.blockwipe.ui.Sections;
import dev.blockwipe.ui.Styles;
import dev.blockwipe.ui.tree.RowFacts;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * The wipe dialog. It lists every target with what is on it, the method (with passes, NIST class
 * and the time it will take), the read-back and the blanking pass, and asks for the typed
 * confirmation. Wipe is disabled until the text matches; Enter never wipes (there is no default
 * button, and Enter in the dialog is swallowed); Escape cancels.
 */
public final class WipeDialog {
    /** The most height the list of targets takes before it scrolls (about four targets). */
    private static final double TARGETS_HEIGHT = 190;
    /** The height of one firmware method in its list (two lines), and the most the list takes (three of them). */
    private static final double FIRMWARE_ROW = 44;
    private static final double FIRMWARE_HEIGHT = 3 * FIRMWARE_ROW + 4;
    static final ButtonType WIPE = new ButtonType("_Wipe", ButtonBar.ButtonData.OTHER);

    private final Dialog<ButtonType> dialog = new Dialog<>();
    private final WipeDialogViewModel vm;

    public WipeDialog(WipeDialogViewModel vm, Window owner) {
        this.vm = vm;
        dialog.initOwner(owner);
        int n = vm.targets().size();
        dialog.setTitle(n == 1 ? "Wipe " + vm.targets().get(0).name() : "Wipe " + n + " devices");
        dialog.setHeaderText("Everything on " + (n == 1 ? "this device" : "these " + n + " devices") + " will be destroyed.");
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.CANCEL, WIPE);
        dialog.getDialogPane().lookupButton(WIPE).getStyleClass().add(Styles.DANGER);
        dialog.getDialogPane().lookupButton(WIPE).setId("confirm-wipe");
        dialog.getDialogPane().lookupButton(WIPE).disableProperty().bind(vm.canWipeProperty().not());
        dialog.getDialogPane().getStylesheets().addAll(owner.getScene().getStylesheets());
        dialog.getDialogPane().addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ENTER) {
                e.consume();
            }
        });
        dialog.getDialogPane().setContent(content());
        dialog.getDialogPane().setPrefWidth(760);
        dialog.setResizable(true);
    }

    /** Shows the dialog; true when the user confirmed and pressed Wipe. */
    public boolean showAndConfirm() {
        Optional<ButtonType> answer = dialog.showAndWait();
        return answer.isPresent() && answer.get() == WIPE && vm.canWipeProperty().get();
    }

    Dialog<ButtonType> dialog() {
        return dialog;
    }

    /**
     * The targets, in a list that scrolls beyond about four of them: with a dozen disks the dialog
     * would otherwise grow past the screen and hide its Wipe button.
     */
    private static ScrollPane scrolled(VBox targets) {
        ScrollPane scroll = new ScrollPane(targets);
        scroll.setId("targets");
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setMaxHeight(TARGETS_HEIGHT);
        scroll.setPrefViewportHeight(Math.min(TARGETS_HEIGHT, targets.prefHeight(-1)));
        targets.heightProperty().addListener((obs, was, now) ->
                scroll.setPrefViewportHeight(Math.min(TARGETS_HEIGHT, now.doubleValue())));
        scroll.getStyleClass().add(Styles.EDGE_TO_EDGE);
        return scroll;
    }

    /** A list of methods, each with its passes, NIST class and description. */
    private static ListView<WipeMethod> methodList(String id) {
        ListView<WipeMethod> list = new ListView<>();
        list.setId(id);
        list.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(WipeMethod m, boolean empty) {
                super.updateItem(m, empty);
                setText(empty || m == null ? null : m.title() + "  —  " + WipeDialogViewModel.describe(m) + "\n    "
                        + m.description());
            }
        });
        return list;
    }

    /** A method chosen in {@code list} is the dialog's method, and {@code other} no longer shows one chosen. */
    private void oneChoice(ListView<WipeMethod> list, ListView<WipeMethod> other) {
        list.getSelectionModel().selectedItemProperty().addListener((obs, was, now) -> {
            if (now != null) {
                other.getSelectionModel().clearSelection();
                vm.methodProperty().set(now);
            }
        });
    }

    /** The label takes room only while it says something. */
    private static void shownWhenSaid(Label label) {
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
        label.managedProperty().bind(label.visibleProperty());
    }

    private VBox content() {
        VBox targets = new VBox(4);
        for (RowFacts t : vm.targets()) {
            Label what = new Label(WipeDialogViewModel.describe(t));
            what.setWrapText(true);
            Label estimate = new Label();
            estimate.getStyleClass().add(Styles.MUTED);
            estimate.setId("estimate-" + t.name());
            // the estimate says what it rests on, which may not fit beside the asset tag
            estimate.setWrapText(true);
            estimate.setMinHeight(Region.USE_PREF_SIZE);
            estimate.textProperty().bind(Bindings.createStringBinding(() -> "  " + vm.estimate(t), vm.methodProperty(),
                    vm.verifyProperty(), vm.blankProperty(), vm.samplePercentProperty(), vm.drivesAnswered()));
            TextField tag = new TextField();
            tag.setId("asset-tag-" + t.name());
            tag.setPromptText("asset tag (optional)");
            tag.setPrefColumnCount(14);
            // the estimate beside it wraps instead: squeezed, the field cut its own prompt
            tag.setMinWidth(Region.USE_PREF_SIZE);
            tag.textProperty().bindBidirectional(vm.assetTagProperty(t));
            Region spring = new Region();
            HBox.setHgrow(spring, Priority.ALWAYS);
            HBox line = new HBox(8, estimate, spring, tag);
            line.setAlignment(Pos.CENTER_LEFT);
            Label unproven = new Label();
            unproven.setId("unproven-" + t.name());
            unproven.getStyleClass().add(Styles.WARNING);
            unproven.setWrapText(true);
            unproven.textProperty().bind(Bindings.createStringBinding(() -> vm.unproven(t), vm.methodProperty(),
                    vm.verifyProperty(), vm.samplePercentProperty()));
            shownWhenSaid(unproven);
            Label clearOnly = new Label();
            clearOnly.setId("clear-limitation-" + t.name());
            clearOnly.getStyleClass().add(Styles.WARNING);
            clearOnly.setWrapText(true);
            clearOnly.textProperty().bind(Bindings.createStringBinding(() -> vm.clearLimitation(t), vm.methodProperty()));
            shownWhenSaid(clearOnly);
            targets.getChildren().addAll(what, line, unproven, clearOnly);
        }

        ListView<WipeMethod> methods = methodList("methods");
        methods.getItems().setAll(vm.methods());
        methods.setPrefHeight(190);
        ListView<WipeMethod> firmware = methodList("firmware-methods");
        firmware.setItems(vm.firmwareMethods());
        firmware.prefHeightProperty().bind(Bindings.min(FIRMWARE_HEIGHT, Bindings.size(vm.firmwareMethods())
                .multiply(FIRMWARE_ROW).add(4)));
        firmware.visibleProperty().bind(Bindings.isNotEmpty(vm.firmwareMethods()));
        firmware.managedProperty().bind(firmware.visibleProperty());
        oneChoice(methods, firmware);
        oneChoice(firmware, methods);
        methods.getSelectionModel().select(vm.methodProperty().get());
        Label firmwareNote = new Label();
        firmwareNote.setId("firmware-note");
        firmwareNote.getStyleClass().add(Styles.MUTED);
        firmwareNote.setWrapText(true);
        firmwareNote.textProperty().bind(vm.firmwareNoteProperty());
        shownWhenSaid(firmwareNote);
        Label firmwareTitle = new Label("The drive's own erase (Purge)");
        firmwareTitle.getStyleClass().add(Styles.MUTED);
        Label methodNotice = new Label();
        methodNotice.setId("method-notice");
        methodNotice.getStyleClass().add(Styles.WARNING);
        methodNotice.setWrapText(true);
        methodNotice.textProperty().bind(vm.methodNoticeProperty());
        shownWhenSaid(methodNotice);

        ComboBox<VerifyChoice> verify = new ComboBox<>();
        verify.getItems().setAll(VerifyChoice.values());
        verify.valueProperty().bindBidirectional(vm.verifyProperty());
        verify.disableProperty().bind(vm.readBackNoteProperty().isNotEmpty());
        Label readBackNote = new Label();
        readBackNote.setId("read-back-note");
        readBackNote.getStyleClass().add(Styles.MUTED);
        readBackNote.setWrapText(true);
        readBackNote.textProperty().bind(vm.readBackNoteProperty());
        shownWhenSaid(readBackNote);
        Spinner<Integer> percent = new Spinner<>(1, 100, vm.samplePercentProperty().get());
        percent.setEditable(true);
        percent.setPrefWidth(80);
        percent.valueProperty().addListener((obs, was, now) -> vm.samplePercentProperty().set(now));
        percent.visibleProperty().bind(vm.verifyProperty().isEqualTo(VerifyChoice.SAMPLE));
        Label percentSign = new Label("% of each device");
        percentSign.visibleProperty().bind(percent.visibleProperty());
        Label verifyLabel = new Label("_Read back:");
        verifyLabel.setMnemonicParsing(true);
        verifyLabel.setLabelFor(verify);
        HBox verifyRow = new HBox(8, verifyLabel, verify, percent, percentSign);
        verifyRow.setAlignment(javafx.geometry.Pos.CENTER_LEFT);

        CheckBox blank = new CheckBox("Final _blanking pass (zeroes)");
        blank.setId("blank");
        blank.selectedProperty().bindBidirectional(vm.blankProperty());
        blank.disableProperty().bind(vm.firmwareChosenProperty());
        CheckBox stop = new CheckBox("_Stop at the first bad sector (default: isolate it, go on, list it on the certificate)");
        stop.setId("stop-at-bad-sector");
        stop.selectedProperty().bindBidirectional(vm.stopAtBadSectorProperty());

        CheckBox hot = new CheckBox("_Pause writing above");
        hot.setMinWidth(Region.USE_PREF_SIZE);
        hot.setId("pause-when-hot");
        hot.selectedProperty().bindBidirectional(vm.pauseWhenHotProperty());
        Spinner<Integer> celsius = new Spinner<>(Temperatures.RESUME_MARGIN + 1, FaultPolicy.MAX_CELSIUS,
                vm.maxCelsiusProperty().get());
        celsius.setId("max-celsius");
        celsius.setEditable(true);
        celsius.setPrefWidth(80);
        celsius.valueProperty().addListener((obs, was, now) -> vm.maxCelsiusProperty().set(now));
        celsius.disableProperty().bind(hot.selectedProperty().not());
        HBox hotRow = new HBox(8, hot, celsius, new Label("°C, until the drive is "
                + Temperatures.RESUME_MARGIN + " °C below (drives that report their temperature)"));
        hotRow.setAlignment(javafx.geometry.Pos.CENTER_LEFT);

        Label problem = new Label();
        problem.getStyleClass().add(Styles.PROBLEM);
        problem.textProperty().bind(vm.problemProperty());
        problem.setWrapText(true);

        TextField operator = new TextField();
        operator.setId("operator");
        operator.setPromptText("your name (the certificate says \"not named\" without it)");
        operator.textProperty().bindBidirectional(vm.operatorProperty());
        TextField organisation = new TextField();
        organisation.setId("organisation");
        organisation.setPromptText("organisation (optional)");
        organisation.textProperty().bindBidirectional(vm.organisationProperty());
        Label operatorLabel = new Label("_Operator:");
        operatorLabel.setMnemonicParsing(true);
        operatorLabel.setLabelFor(operator);
        HBox.setHgrow(operator, Priority.ALWAYS);
        HBox.setHgrow(organisation, Priority.ALWAYS);
        HBox operatorRow = new HBox(8, operatorLabel, operator, organisation);
        operatorRow.setAlignment(javafx.geometry.Pos.CENTER_LEFT);

        TypedConfirmationView confirm = new TypedConfirmationView(vm.confirmation());

        Label methodsLabel = new Label("_Method:");
        methodsLabel.setMnemonicParsing(true);
        methodsLabel.setLabelFor(methods);
        VBox box = new VBox(8, Sections.title("Targets"), scrolled(targets), methodsLabel, methods, firmwareTitle,
                firmware, firmwareNote, methodNotice, verifyRow, readBackNote, blank, stop, hotRow, problem, Sections.title("Confirmation"), operatorRow, confirm.node());
        box.setPadding(new Insets(6));
        dialog.setOnShown(e -> (vm.operatorProperty().get().isEmpty() ? operator : confirm.field()).requestFocus());
        return box;
    }
}
