// Factory's circular-dependency toggle: Scoped has nothing to tune (#41).
// expect: not needed: Scoped stops on an actual cycle (a build that needs itself), in every build configuration, with the chain in the message
import Scoped

func configure() {
    Container.shared.manager.dependencyChainTestMax = 0
}
