internal import TimePicker
internal import TimePickerContract
internal import TimePickerCore

extension TimePickerError {
    /// What `timepickerctl` says on stderr for this error, in the person's language; service's
    /// and bus's messages made safe to print.
    var clientMessage: String {
        let service = TimePickerBus.name.rawValue
        switch cause {
        case .cancelled(let reason): return ClientText.cancelled(reason: displayBounded(reason.description, maxScalars: maxShownReasonScalars))
        case .interrupted: return ClientText.interrupted
        case .noSessionBus(let message): return ClientText.cannotConnect(displaySafe(message))
        case .serviceNotRunning: return ClientText.serviceNotRunning(service)
        case .cannotStartService(_, let message): return ClientText.cannotStartService(displaySafe(message))
        case .cannotReachService(_, let message): return ClientText.cannotReachService(displaySafe(message))
        case .ownedByAnotherUser(let uid, let owner): return ClientText.ownedByAnotherUser(service, user: uid, owner: owner)
        case .unknownOwner(let owner, let message): return ClientText.unknownOwnerUser(of: service, owner: owner, displaySafe(message))
        case .serviceStopped: return ClientText.serviceStopped
        case .lostBus: return ClientText.lostBus
        case .invalidOption(let message): return PickOptions.namingFlags(displaySafe(message))
        case .invalidAnswer(let answer): return ClientText.noRange(answer)
        case .failed(_, let message), .noUserInterface(let message), .limitsExceeded(let message): return displaySafe(message)
        // Never for the client, which shows one picker at a time and cancels only on a signal.
        case .alreadyShowing, .withdrawn: return message
        }
    }
}
