package org.planewatch.console.state.localize;

/**
 * The localization's constants (ADR 0095 says where each comes from).
 *
 * @param halfLifeMillis how fast retirements and re-admissions are forgotten (store clock)
 * @param goodWeight how much a recent re-admission through an element counts against its failures
 * @param linkOverSwitch a switch is replaced by one of its links when that link alone carries at
 *     least this share of the switch's evidence: the smaller hypothesis explains it as well
 * @param minScore the least score a suspect needs
 * @param maxPaths paths tracked at most; the least recently touched goes first
 * @param maxSuspects suspects ranked at most
 * @param longOutageProbes unanswered probes that make an outage long (a hard failure, mended when the
 *     path comes back) rather than a blip of a gray link (whose retirement is kept)
 * @param relapseShare an element relapses (it flaps: its long outages ended, then began again) once
 *     the long outages begun through it while its ended ones still weigh reach this share of them;
 *     a path's long outage that ends through an element that relapsed keeps its retirement
 */
public record LocalizerSettings(
        long halfLifeMillis,
        double goodWeight,
        double linkOverSwitch,
        double minScore,
        int maxPaths,
        int maxSuspects,
        int longOutageProbes,
        double relapseShare) {

    public static LocalizerSettings defaults() {
        return new LocalizerSettings(5_000, 0.5, 0.75, 4.0, 32_768, 10, 3, 0.25);
    }
}
