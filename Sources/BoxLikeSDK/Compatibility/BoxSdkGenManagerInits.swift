// Written by codegen/tools/box-type-aliases.py; edit that script, not this file.

// Box's Swift SDK makes each manager on its own from an authentication and a network
// session, as `BoxClient` makes them all; so can code written for it here.

extension AiManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension AiStudioManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension AppItemAssociationsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension ArchivesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension AuthorizationManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension AutomateWorkflowsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension AvatarsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension ChunkedUploadsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension ClassificationsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension CollaborationAllowlistEntriesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension CollaborationAllowlistExemptTargetsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension CollectionsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension CommentsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension DevicePinnersManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension DocgenManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension DocgenTemplateManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension DownloadsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension EmailAliasesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension EnterpriseConfigurationsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension EventsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension ExternalUsersManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension FileClassificationsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension FileMetadataManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension FileRequestsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension FileVersionLegalHoldsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension FileVersionRetentionsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension FileVersionsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension FileWatermarksManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension FilesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension FolderClassificationsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension FolderLocksManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension FolderMetadataManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension FolderWatermarksManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension FoldersManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension GroupsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension HubCollaborationsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension HubDocumentManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension HubItemsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension HubsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension IntegrationMappingsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension InvitesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension LegalHoldPoliciesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension LegalHoldPolicyAssignmentsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension ListCollaborationsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension MembershipsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension MetadataCascadePoliciesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension MetadataTaxonomiesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension MetadataTemplatesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension NotesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension RecentItemsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension RetentionPoliciesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension RetentionPolicyAssignmentsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension SearchManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension SessionTerminationManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension SharedLinksAppItemsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension SharedLinksFilesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension SharedLinksFoldersManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension SharedLinksWebLinksManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension ShieldInformationBarrierReportsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension ShieldInformationBarrierSegmentMembersManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension ShieldInformationBarrierSegmentRestrictionsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension ShieldInformationBarrierSegmentsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension ShieldInformationBarriersManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension ShieldListsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension SignRequestsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension SignTemplatesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension SkillsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension StoragePoliciesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension StoragePolicyAssignmentsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension TaskAssignmentsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension TasksManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension TermsOfServiceUserStatusesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension TermsOfServicesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension TransferManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension TrashedFilesManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension TrashedFoldersManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension TrashedItemsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension TrashedWebLinksManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension UploadsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension UserCollaborationsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension UsersManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension WebLinksManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension WebhooksManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension WorkflowsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}

extension ZipDownloadsManager {
    /// A manager of its own, sending its requests with `auth` through `networkSession`, as
    /// ``BoxClient`` does.
    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {
        self.init(executor: networkSession.executor(auth: auth))
    }
}
