// Written by codegen/tools/box-type-aliases.py; edit that script, not this file.

// Box's Swift SDK (`BoxSdkGen`) names these types after the property that declares them,
// or with its API version; this SDK names each shared type once. The aliases let code
// written for Box's SDK build here unchanged.

/// Box's Swift SDK's name for ``SharedLinkAccess``.
public typealias AddShareLinkToFileRequestBodySharedLinkAccessField = SharedLinkAccess

/// Box's Swift SDK's name for ``SharedLinkRequest``.
public typealias AddShareLinkToFileRequestBodySharedLinkField = SharedLinkRequest

/// Box's Swift SDK's name for ``SharedLinkRequestPermissionsField``.
public typealias AddShareLinkToFileRequestBodySharedLinkPermissionsField = SharedLinkRequestPermissionsField

/// Box's Swift SDK's name for ``SharedLinkAccess``.
public typealias AddShareLinkToFolderRequestBodySharedLinkAccessField = SharedLinkAccess

/// Box's Swift SDK's name for ``SharedLinkRequest``.
public typealias AddShareLinkToFolderRequestBodySharedLinkField = SharedLinkRequest

/// Box's Swift SDK's name for ``SharedLinkRequestPermissionsField``.
public typealias AddShareLinkToFolderRequestBodySharedLinkPermissionsField = SharedLinkRequestPermissionsField

/// Box's Swift SDK's name for ``SharedLinkAccess``.
public typealias AddShareLinkToWebLinkRequestBodySharedLinkAccessField = SharedLinkAccess

/// Box's Swift SDK's name for ``SharedLinkRequest``.
public typealias AddShareLinkToWebLinkRequestBodySharedLinkField = SharedLinkRequest

/// Box's Swift SDK's name for ``SharedLinkRequestPermissionsField``.
public typealias AddShareLinkToWebLinkRequestBodySharedLinkPermissionsField = SharedLinkRequestPermissionsField

/// Box's Swift SDK's name for ``ClientError``.
public typealias ClientErrorV2025R0 = ClientError

/// Box's Swift SDK's name for ``ClientErrorTypeField``.
public typealias ClientErrorV2025R0TypeField = ClientErrorTypeField

/// Box's Swift SDK's name for ``ClientError``.
public typealias ClientErrorV2026R0 = ClientError

/// Box's Swift SDK's name for ``ClientErrorTypeField``.
public typealias ClientErrorV2026R0TypeField = ClientErrorTypeField

/// Box's Swift SDK's name for ``CollaborationAllowlistDirection``.
public typealias CollaborationAllowlistEntryDirectionField = CollaborationAllowlistDirection

/// Box's Swift SDK's name for ``CollaborationRole``.
public typealias CollaborationRoleField = CollaborationRole

/// Box's Swift SDK's name for ``OrderDirectionField``.
public typealias CommentsOrderDirectionField = OrderDirectionField

/// Box's Swift SDK's name for ``Order``.
public typealias CommentsOrderField = Order

/// Box's Swift SDK's name for ``CollaborationRole``.
public typealias CreateCollaborationRequestBodyRoleField = CollaborationRole

/// Box's Swift SDK's name for ``CollaborationAllowlistDirection``.
public typealias CreateCollaborationWhitelistEntryRequestBodyDirectionField = CollaborationAllowlistDirection

/// Box's Swift SDK's name for ``MetadataScope``.
public typealias CreateFileMetadataByIdScope = MetadataScope

/// Box's Swift SDK's name for ``MetadataScope``.
public typealias CreateFolderMetadataByIdScope = MetadataScope

/// Box's Swift SDK's name for ``FolderUploadEmailRequestAccessField``.
public typealias CreateFolderRequestBodyFolderUploadEmailAccessField = FolderUploadEmailRequestAccessField

/// Box's Swift SDK's name for ``FolderUploadEmailRequest``.
public typealias CreateFolderRequestBodyFolderUploadEmailField = FolderUploadEmailRequest

/// Box's Swift SDK's name for ``GroupMembershipRole``.
public typealias CreateGroupMembershipRequestBodyRoleField = GroupMembershipRole

/// Box's Swift SDK's name for ``GroupInvitabilityLevel``.
public typealias CreateGroupRequestBodyInvitabilityLevelField = GroupInvitabilityLevel

/// Box's Swift SDK's name for ``GroupMemberViewabilityLevel``.
public typealias CreateGroupRequestBodyMemberViewabilityLevelField = GroupMemberViewabilityLevel

/// Box's Swift SDK's name for ``MetadataTemplateFieldRequest``.
public typealias CreateMetadataTemplateRequestBodyFieldsField = MetadataTemplateFieldRequest

/// Box's Swift SDK's name for ``MetadataTemplateFieldRequestOptionsField``.
public typealias CreateMetadataTemplateRequestBodyFieldsOptionsField = MetadataTemplateFieldRequestOptionsField

/// Box's Swift SDK's name for ``MetadataTemplateFieldRequestOptionsRulesField``.
public typealias CreateMetadataTemplateRequestBodyFieldsOptionsRulesField = MetadataTemplateFieldRequestOptionsRulesField

/// Box's Swift SDK's name for ``MetadataTemplateFieldType``.
public typealias CreateMetadataTemplateRequestBodyFieldsTypeField = MetadataTemplateFieldType

/// Box's Swift SDK's name for ``TaskAction``.
public typealias CreateTaskRequestBodyActionField = TaskAction

/// Box's Swift SDK's name for ``TaskCompletionRule``.
public typealias CreateTaskRequestBodyCompletionRuleField = TaskCompletionRule

/// Box's Swift SDK's name for ``WebhookTarget``.
public typealias CreateWebhookRequestBodyTargetField = WebhookTarget

/// Box's Swift SDK's name for ``WebhookTargetTypeField``.
public typealias CreateWebhookRequestBodyTargetTypeField = WebhookTargetTypeField

/// Box's Swift SDK's name for ``WebhookTrigger``.
public typealias CreateWebhookRequestBodyTriggersField = WebhookTrigger

/// Box's Swift SDK's name for ``MetadataScope``.
public typealias DeleteFileMetadataByIdScope = MetadataScope

/// Box's Swift SDK's name for ``MetadataScope``.
public typealias DeleteFolderMetadataByIdScope = MetadataScope

/// Box's Swift SDK's name for ``MetadataScope``.
public typealias DeleteMetadataTemplateScope = MetadataScope

/// Box's Swift SDK's name for ``EnterpriseConfigurationSecurityV2025R0EnforcedMfaFrequencyValueField``.
public typealias EnterpriseConfigurationSecurityV2025R0EnforcedMfaFrequencyFieldValueField = EnterpriseConfigurationSecurityV2025R0EnforcedMfaFrequencyValueField

/// Box's Swift SDK's name for ``EventType``.
public typealias EventEventTypeField = EventType

/// Box's Swift SDK's name for ``CollaborationRole``.
public typealias FileFullAllowedInviteeRolesField = CollaborationRole

/// Box's Swift SDK's name for ``LockAppTypeField``.
public typealias FileFullLockAppTypeField = LockAppTypeField

/// Box's Swift SDK's name for ``Lock``.
public typealias FileFullLockField = Lock

/// Box's Swift SDK's name for ``LockTypeField``.
public typealias FileFullLockTypeField = LockTypeField

/// Box's Swift SDK's name for ``ItemMetadata``.
public typealias FileFullMetadataField = ItemMetadata

/// Box's Swift SDK's name for ``FilePermissions``.
public typealias FileFullPermissionsField = FilePermissions

/// Box's Swift SDK's name for ``FileRepresentationContentField``.
public typealias FileFullRepresentationsEntriesContentField = FileRepresentationContentField

/// Box's Swift SDK's name for ``FileRepresentation``.
public typealias FileFullRepresentationsEntriesField = FileRepresentation

/// Box's Swift SDK's name for ``FileRepresentationInfoField``.
public typealias FileFullRepresentationsEntriesInfoField = FileRepresentationInfoField

/// Box's Swift SDK's name for ``FileRepresentationPropertiesField``.
public typealias FileFullRepresentationsEntriesPropertiesField = FileRepresentationPropertiesField

/// Box's Swift SDK's name for ``FileRepresentationStatusField``.
public typealias FileFullRepresentationsEntriesStatusField = FileRepresentationStatusField

/// Box's Swift SDK's name for ``FileRepresentationStatusStateField``.
public typealias FileFullRepresentationsEntriesStatusStateField = FileRepresentationStatusStateField

/// Box's Swift SDK's name for ``FileRepresentations``.
public typealias FileFullRepresentationsField = FileRepresentations

/// Box's Swift SDK's name for ``PathCollection``.
public typealias FilePathCollectionField = PathCollection

/// Box's Swift SDK's name for ``SharedLinkAccess``.
public typealias FileSharedLinkAccessField = SharedLinkAccess

/// Box's Swift SDK's name for ``SharedLinkAccess``.
public typealias FileSharedLinkEffectiveAccessField = SharedLinkAccess

/// Box's Swift SDK's name for ``SharedLinkEffectivePermissionField``.
public typealias FileSharedLinkEffectivePermissionField = SharedLinkEffectivePermissionField

/// Box's Swift SDK's name for ``SharedLink``.
public typealias FileSharedLinkField = SharedLink

/// Box's Swift SDK's name for ``SharedLinkPermissionsField``.
public typealias FileSharedLinkPermissionsField = SharedLinkPermissionsField

/// Box's Swift SDK's name for ``OrderDirectionField``.
public typealias FileVersionsOrderDirectionField = OrderDirectionField

/// Box's Swift SDK's name for ``Order``.
public typealias FileVersionsOrderField = Order

/// Box's Swift SDK's name for ``FolderUploadEmailAccessField``.
public typealias FolderFolderUploadEmailAccessField = FolderUploadEmailAccessField

/// Box's Swift SDK's name for ``FolderUploadEmail``.
public typealias FolderFolderUploadEmailField = FolderUploadEmail

/// Box's Swift SDK's name for ``CollaborationRole``.
public typealias FolderFullAllowedInviteeRolesField = CollaborationRole

/// Box's Swift SDK's name for ``SharedLinkAccess``.
public typealias FolderFullAllowedSharedLinkAccessLevelsField = SharedLinkAccess

/// Box's Swift SDK's name for ``ItemMetadata``.
public typealias FolderFullMetadataField = ItemMetadata

/// Box's Swift SDK's name for ``FolderPermissions``.
public typealias FolderFullPermissionsField = FolderPermissions

/// Box's Swift SDK's name for ``PathCollection``.
public typealias FolderPathCollectionField = PathCollection

/// Box's Swift SDK's name for ``FolderReference``.
public typealias FolderReferenceV2025R0 = FolderReference

/// Box's Swift SDK's name for ``FolderReferenceTypeField``.
public typealias FolderReferenceV2025R0TypeField = FolderReferenceTypeField

/// Box's Swift SDK's name for ``FolderReference``.
public typealias FolderReferenceV2026R0 = FolderReference

/// Box's Swift SDK's name for ``FolderReferenceTypeField``.
public typealias FolderReferenceV2026R0TypeField = FolderReferenceTypeField

/// Box's Swift SDK's name for ``SharedLinkAccess``.
public typealias FolderSharedLinkAccessField = SharedLinkAccess

/// Box's Swift SDK's name for ``SharedLinkAccess``.
public typealias FolderSharedLinkEffectiveAccessField = SharedLinkAccess

/// Box's Swift SDK's name for ``SharedLinkEffectivePermissionField``.
public typealias FolderSharedLinkEffectivePermissionField = SharedLinkEffectivePermissionField

/// Box's Swift SDK's name for ``SharedLink``.
public typealias FolderSharedLinkField = SharedLink

/// Box's Swift SDK's name for ``SharedLinkPermissionsField``.
public typealias FolderSharedLinkPermissionsField = SharedLinkPermissionsField

/// Box's Swift SDK's name for ``MetadataScope``.
public typealias GetFileMetadataByIdScope = MetadataScope

/// Box's Swift SDK's name for ``MetadataScope``.
public typealias GetFolderMetadataByIdScope = MetadataScope

/// Box's Swift SDK's name for ``MetadataScope``.
public typealias GetMetadataTemplateScope = MetadataScope

/// Box's Swift SDK's name for ``GroupBase``.
public typealias GroupBaseV2025R0 = GroupBase

/// Box's Swift SDK's name for ``GroupBaseTypeField``.
public typealias GroupBaseV2025R0TypeField = GroupBaseTypeField

/// Box's Swift SDK's name for ``GroupInvitabilityLevel``.
public typealias GroupFullInvitabilityLevelField = GroupInvitabilityLevel

/// Box's Swift SDK's name for ``GroupMemberViewabilityLevel``.
public typealias GroupFullMemberViewabilityLevelField = GroupMemberViewabilityLevel

/// Box's Swift SDK's name for ``GroupMembershipRole``.
public typealias GroupMembershipRoleField = GroupMembershipRole

/// Box's Swift SDK's name for ``OrderDirectionField``.
public typealias GroupMembershipsOrderDirectionField = OrderDirectionField

/// Box's Swift SDK's name for ``Order``.
public typealias GroupMembershipsOrderField = Order

/// Box's Swift SDK's name for ``GroupMini``.
public typealias GroupMiniV2025R0 = GroupMini

/// Box's Swift SDK's name for ``GroupMiniGroupTypeField``.
public typealias GroupMiniV2025R0GroupTypeField = GroupMiniGroupTypeField

/// Box's Swift SDK's name for ``OrderDirectionField``.
public typealias GroupsOrderDirectionField = OrderDirectionField

/// Box's Swift SDK's name for ``Order``.
public typealias GroupsOrderField = Order

/// Box's Swift SDK's name for ``OrderDirectionField``.
public typealias ItemsOffsetPaginatedOrderDirectionField = OrderDirectionField

/// Box's Swift SDK's name for ``Order``.
public typealias ItemsOffsetPaginatedOrderField = Order

/// Box's Swift SDK's name for ``OrderDirectionField``.
public typealias ItemsOrderDirectionField = OrderDirectionField

/// Box's Swift SDK's name for ``Order``.
public typealias ItemsOrderField = Order

/// Box's Swift SDK's name for ``MetadataTemplateField``.
public typealias MetadataTemplateFieldsField = MetadataTemplateField

/// Box's Swift SDK's name for ``MetadataTemplateFieldOption``.
public typealias MetadataTemplateFieldsOptionsField = MetadataTemplateFieldOption

/// Box's Swift SDK's name for ``MetadataTemplateOptionsRulesField``.
public typealias MetadataTemplateFieldsOptionsRulesField = MetadataTemplateOptionsRulesField

/// Box's Swift SDK's name for ``MetadataTemplateFieldType``.
public typealias MetadataTemplateFieldsTypeField = MetadataTemplateFieldType

/// Box's Swift SDK's name for ``TaskAssignmentResolutionState``.
public typealias TaskAssignmentResolutionStateField = TaskAssignmentResolutionState

/// Box's Swift SDK's name for ``TermsOfServiceBase``.
public typealias TermsOfServiceBaseV2025R0 = TermsOfServiceBase

/// Box's Swift SDK's name for ``TermsOfServiceBaseTypeField``.
public typealias TermsOfServiceBaseV2025R0TypeField = TermsOfServiceBaseTypeField

/// Box's Swift SDK's name for ``FolderMini``.
public typealias TrashFolderPathCollectionEntriesField = FolderMini

/// Box's Swift SDK's name for ``FolderMiniTypeField``.
public typealias TrashFolderPathCollectionEntriesTypeField = FolderMiniTypeField

/// Box's Swift SDK's name for ``PathCollection``.
public typealias TrashFolderPathCollectionField = PathCollection

/// Box's Swift SDK's name for ``FolderMiniTypeField``.
public typealias TrashFolderTypeField = FolderMiniTypeField

/// Box's Swift SDK's name for ``CollaborationRole``.
public typealias UpdateCollaborationByIdRequestBodyRoleField = CollaborationRole

/// Box's Swift SDK's name for ``LockRequestAccessField``.
public typealias UpdateFileByIdRequestBodyLockAccessField = LockRequestAccessField

/// Box's Swift SDK's name for ``LockRequest``.
public typealias UpdateFileByIdRequestBodyLockField = LockRequest

/// Box's Swift SDK's name for ``SharedLinkAccess``.
public typealias UpdateFileByIdRequestBodySharedLinkAccessField = SharedLinkAccess

/// Box's Swift SDK's name for ``SharedLinkRequest``.
public typealias UpdateFileByIdRequestBodySharedLinkField = SharedLinkRequest

/// Box's Swift SDK's name for ``SharedLinkRequestPermissionsField``.
public typealias UpdateFileByIdRequestBodySharedLinkPermissionsField = SharedLinkRequestPermissionsField

/// Box's Swift SDK's name for ``MetadataPatchOperation``.
public typealias UpdateFileMetadataByIdRequestBody = MetadataPatchOperation

/// Box's Swift SDK's name for ``MetadataPatchOperationOpField``.
public typealias UpdateFileMetadataByIdRequestBodyOpField = MetadataPatchOperationOpField

/// Box's Swift SDK's name for ``MetadataScope``.
public typealias UpdateFileMetadataByIdScope = MetadataScope

/// Box's Swift SDK's name for ``WatermarkRequest``.
public typealias UpdateFileWatermarkRequestBody = WatermarkRequest

/// Box's Swift SDK's name for ``WatermarkRequestWatermarkField``.
public typealias UpdateFileWatermarkRequestBodyWatermarkField = WatermarkRequestWatermarkField

/// Box's Swift SDK's name for ``WatermarkRequestWatermarkImprintField``.
public typealias UpdateFileWatermarkRequestBodyWatermarkImprintField = WatermarkRequestWatermarkImprintField

/// Box's Swift SDK's name for ``FolderUploadEmailRequestAccessField``.
public typealias UpdateFolderByIdRequestBodyFolderUploadEmailAccessField = FolderUploadEmailRequestAccessField

/// Box's Swift SDK's name for ``FolderUploadEmailRequest``.
public typealias UpdateFolderByIdRequestBodyFolderUploadEmailField = FolderUploadEmailRequest

/// Box's Swift SDK's name for ``SharedLinkAccess``.
public typealias UpdateFolderByIdRequestBodySharedLinkAccessField = SharedLinkAccess

/// Box's Swift SDK's name for ``SharedLinkRequest``.
public typealias UpdateFolderByIdRequestBodySharedLinkField = SharedLinkRequest

/// Box's Swift SDK's name for ``SharedLinkRequestPermissionsField``.
public typealias UpdateFolderByIdRequestBodySharedLinkPermissionsField = SharedLinkRequestPermissionsField

/// Box's Swift SDK's name for ``MetadataPatchOperation``.
public typealias UpdateFolderMetadataByIdRequestBody = MetadataPatchOperation

/// Box's Swift SDK's name for ``MetadataPatchOperationOpField``.
public typealias UpdateFolderMetadataByIdRequestBodyOpField = MetadataPatchOperationOpField

/// Box's Swift SDK's name for ``MetadataScope``.
public typealias UpdateFolderMetadataByIdScope = MetadataScope

/// Box's Swift SDK's name for ``WatermarkRequest``.
public typealias UpdateFolderWatermarkRequestBody = WatermarkRequest

/// Box's Swift SDK's name for ``WatermarkRequestWatermarkField``.
public typealias UpdateFolderWatermarkRequestBodyWatermarkField = WatermarkRequestWatermarkField

/// Box's Swift SDK's name for ``WatermarkRequestWatermarkImprintField``.
public typealias UpdateFolderWatermarkRequestBodyWatermarkImprintField = WatermarkRequestWatermarkImprintField

/// Box's Swift SDK's name for ``GroupInvitabilityLevel``.
public typealias UpdateGroupByIdRequestBodyInvitabilityLevelField = GroupInvitabilityLevel

/// Box's Swift SDK's name for ``GroupMemberViewabilityLevel``.
public typealias UpdateGroupByIdRequestBodyMemberViewabilityLevelField = GroupMemberViewabilityLevel

/// Box's Swift SDK's name for ``GroupMembershipRole``.
public typealias UpdateGroupMembershipByIdRequestBodyRoleField = GroupMembershipRole

/// Box's Swift SDK's name for ``MetadataTemplateOperation``.
public typealias UpdateMetadataTemplateRequestBody = MetadataTemplateOperation

/// Box's Swift SDK's name for ``MetadataTemplateOperationOpField``.
public typealias UpdateMetadataTemplateRequestBodyOpField = MetadataTemplateOperationOpField

/// Box's Swift SDK's name for ``MetadataScope``.
public typealias UpdateMetadataTemplateScope = MetadataScope

/// Box's Swift SDK's name for ``SharedLinkAccess``.
public typealias UpdateSharedLinkOnFileRequestBodySharedLinkAccessField = SharedLinkAccess

/// Box's Swift SDK's name for ``SharedLinkRequest``.
public typealias UpdateSharedLinkOnFileRequestBodySharedLinkField = SharedLinkRequest

/// Box's Swift SDK's name for ``SharedLinkRequestPermissionsField``.
public typealias UpdateSharedLinkOnFileRequestBodySharedLinkPermissionsField = SharedLinkRequestPermissionsField

/// Box's Swift SDK's name for ``SharedLinkAccess``.
public typealias UpdateSharedLinkOnFolderRequestBodySharedLinkAccessField = SharedLinkAccess

/// Box's Swift SDK's name for ``SharedLinkRequest``.
public typealias UpdateSharedLinkOnFolderRequestBodySharedLinkField = SharedLinkRequest

/// Box's Swift SDK's name for ``SharedLinkRequestPermissionsField``.
public typealias UpdateSharedLinkOnFolderRequestBodySharedLinkPermissionsField = SharedLinkRequestPermissionsField

/// Box's Swift SDK's name for ``SharedLinkAccess``.
public typealias UpdateSharedLinkOnWebLinkRequestBodySharedLinkAccessField = SharedLinkAccess

/// Box's Swift SDK's name for ``SharedLinkRequest``.
public typealias UpdateSharedLinkOnWebLinkRequestBodySharedLinkField = SharedLinkRequest

/// Box's Swift SDK's name for ``SharedLinkRequestPermissionsField``.
public typealias UpdateSharedLinkOnWebLinkRequestBodySharedLinkPermissionsField = SharedLinkRequestPermissionsField

/// Box's Swift SDK's name for ``TaskAssignmentResolutionState``.
public typealias UpdateTaskAssignmentByIdRequestBodyResolutionStateField = TaskAssignmentResolutionState

/// Box's Swift SDK's name for ``TaskAction``.
public typealias UpdateTaskByIdRequestBodyActionField = TaskAction

/// Box's Swift SDK's name for ``TaskCompletionRule``.
public typealias UpdateTaskByIdRequestBodyCompletionRuleField = TaskCompletionRule

/// Box's Swift SDK's name for ``SharedLinkAccess``.
public typealias UpdateWebLinkByIdRequestBodySharedLinkAccessField = SharedLinkAccess

/// Box's Swift SDK's name for ``SharedLinkRequest``.
public typealias UpdateWebLinkByIdRequestBodySharedLinkField = SharedLinkRequest

/// Box's Swift SDK's name for ``WebhookTarget``.
public typealias UpdateWebhookByIdRequestBodyTargetField = WebhookTarget

/// Box's Swift SDK's name for ``WebhookTargetTypeField``.
public typealias UpdateWebhookByIdRequestBodyTargetTypeField = WebhookTargetTypeField

/// Box's Swift SDK's name for ``WebhookTrigger``.
public typealias UpdateWebhookByIdRequestBodyTriggersField = WebhookTrigger

/// Box's Swift SDK's name for ``OrderDirectionField``.
public typealias UploadPartsOrderDirectionField = OrderDirectionField

/// Box's Swift SDK's name for ``Order``.
public typealias UploadPartsOrderField = Order

/// Box's Swift SDK's name for ``UserBase``.
public typealias UserBaseV2025R0 = UserBase

/// Box's Swift SDK's name for ``UserBaseTypeField``.
public typealias UserBaseV2025R0TypeField = UserBaseTypeField

/// Box's Swift SDK's name for ``UserBase``.
public typealias UserBaseV2026R0 = UserBase

/// Box's Swift SDK's name for ``UserBaseTypeField``.
public typealias UserBaseV2026R0TypeField = UserBaseTypeField

/// Box's Swift SDK's name for ``EnterpriseMini``.
public typealias UserFullEnterpriseField = EnterpriseMini

/// Box's Swift SDK's name for ``EnterpriseMiniTypeField``.
public typealias UserFullEnterpriseTypeField = EnterpriseMiniTypeField

/// Box's Swift SDK's name for ``UserMini``.
public typealias UserMiniV2025R0 = UserMini

/// Box's Swift SDK's name for ``UserMini``.
public typealias UserMiniV2026R0 = UserMini

/// Box's Swift SDK's name for ``NotificationEmail``.
public typealias UserNotificationEmailField = NotificationEmail

/// Box's Swift SDK's name for ``OrderDirectionField``.
public typealias UsersOrderDirectionField = OrderDirectionField

/// Box's Swift SDK's name for ``Order``.
public typealias UsersOrderField = Order

/// Box's Swift SDK's name for ``PathCollection``.
public typealias WebLinkPathCollectionField = PathCollection

/// Box's Swift SDK's name for ``SharedLinkAccess``.
public typealias WebLinkSharedLinkAccessField = SharedLinkAccess

/// Box's Swift SDK's name for ``SharedLinkAccess``.
public typealias WebLinkSharedLinkEffectiveAccessField = SharedLinkAccess

/// Box's Swift SDK's name for ``SharedLinkEffectivePermissionField``.
public typealias WebLinkSharedLinkEffectivePermissionField = SharedLinkEffectivePermissionField

/// Box's Swift SDK's name for ``SharedLink``.
public typealias WebLinkSharedLinkField = SharedLink

/// Box's Swift SDK's name for ``SharedLinkPermissionsField``.
public typealias WebLinkSharedLinkPermissionsField = SharedLinkPermissionsField

/// Box's Swift SDK's name for ``WebhookTarget``.
public typealias WebhookMiniTargetField = WebhookTarget

/// Box's Swift SDK's name for ``WebhookTargetTypeField``.
public typealias WebhookMiniTargetTypeField = WebhookTargetTypeField

/// Box's Swift SDK's name for ``WebhookTrigger``.
public typealias WebhookTriggersField = WebhookTrigger
