package org.fsnbot.vm;

/** How the guest's CPUs run. TCG figures measure the pipeline, not the kernel. */
public enum Accelerator {
    KVM("kvm", "host", "KVM"),
    TCG("tcg", "max", "TCG (emulated: figures measure the pipeline, not the kernel)");

    private final String qemuName;
    private final String cpuModel;
    private final String label;

    Accelerator(String qemuName, String cpuModel, String label) {
        this.qemuName = qemuName;
        this.cpuModel = cpuModel;
        this.label = label;
    }

    public String qemuName() {
        return qemuName;
    }

    public String cpuModel() {
        return cpuModel;
    }

    public String label() {
        return label;
    }

    /** Whether the guest's CPUs are emulated (TCG), not run by the host's (KVM). */
    public boolean emulated() {
        return this == TCG;
    }
}
