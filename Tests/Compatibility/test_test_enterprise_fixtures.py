"""What Box's own test enterprise has and no API makes, found at start and used through Box's
Python SDK: the seeded app item, file request, Box for Slack and Teams set-ups, the Relay
workflow that deletes files, and a user of another enterprise. Also the admin areas whose
answers follow Box's documentation rather than the obvious guess (archive deletion, the
enterprise configuration's items)."""

import pytest
from box_sdk_gen import (
    BoxAPIError,
    FolderReference,
    IntegrationMappingPartnerItemTeamsCreateRequest,
    IntegrationMappingPartnerItemTeamsCreateRequestTypeField,
    StartWorkflowFiles,
    StartWorkflowFlow,
    StartWorkflowFolder,
    UserReferenceV2025R0,
)
from box_sdk_gen.managers.users import GetUsersUserType

from conftest import unique


def test_the_seeded_app_item_is_on_the_admins_file(admin, credentials):
    associations = admin.app_item_associations.get_file_app_item_associations(credentials["admin_user"]["file_id"])

    assert [entry.app_item.id for entry in associations.entries] == [credentials["app_item_id"]]
    assert associations.entries[0].app_item.application_type == "hubs"


def test_the_seeded_file_request_is_on_the_admins_folder(admin, credentials):
    request = admin.file_requests.get_file_request_by_id(credentials["file_request_id"])

    assert request.folder.id == credentials["admin_user"]["folder_id"]


def test_the_seeded_slack_channel_is_mapped_to_its_folder(admin, credentials):
    mappings = admin.integration_mappings.get_slack_integration_mapping(partner_item_id="C0BOXLIKE01")

    assert [mapping.id for mapping in mappings.entries] == [credentials["slack_integration_mapping_id"]]
    assert mappings.entries[0].box_item.id == credentials["slack_channel_folder_id"]


def test_a_teams_channel_maps_only_in_the_tenant_box_for_teams_is_set_up_in(admin, credentials, workspace):
    def map_channel(tenant, channel):
        return admin.integration_mappings.create_teams_integration_mapping(
            IntegrationMappingPartnerItemTeamsCreateRequest(
                type=IntegrationMappingPartnerItemTeamsCreateRequestTypeField.CHANNEL, id=channel,
                tenant_id=tenant, team_id="team-1"),
            FolderReference(id=workspace.id))

    mapped = map_channel(credentials["teams_tenant_id"], unique("19:channel"))
    with pytest.raises(BoxAPIError) as refused:
        map_channel("a-tenant-without-box-for-teams", unique("19:channel"))

    assert mapped.box_item.id == workspace.id
    assert refused.value.response_info.status_code == 400
    assert refused.value.response_info.code == "BOX_ENTERPRISE_MISMATCH"
    admin.integration_mappings.delete_teams_integration_mapping_by_id(mapped.id)


def test_the_relay_workflow_deletes_the_file_it_is_started_on(admin, credentials, upload):
    folder_id = credentials["relay_workflow_folder_id"]
    file = upload(folder_id, unique("to-delete") + ".txt", b"bye")

    workflow = admin.workflows.get_workflows(folder_id).entries[0]
    admin.workflows.start_workflow(
        workflow.id, StartWorkflowFlow(type="flow", id=workflow.flows[0].id), [StartWorkflowFiles(id=file.id)],
        StartWorkflowFolder(id=folder_id))

    assert workflow.id == credentials["relay_workflow_id"]
    assert workflow.flows[0].outcomes[0].action_type == "delete_file"
    assert admin.trashed_files.get_trashed_file_by_id(file.id).id == file.id


def test_the_external_user_is_listed_as_external_and_removed_by_a_deletion_job(admin, credentials):
    external = credentials["external_user_id"]
    member = credentials["app_users"][0]["id"]
    folder_id = credentials["external_collaboration_folder_id"]

    listed = admin.users.get_users(user_type=GetUsersUserType.EXTERNAL)
    members = admin.users.get_users(user_type=GetUsersUserType.MANAGED, limit=1000)
    before = admin.list_collaborations.get_folder_collaborations(folder_id)
    job = admin.external_users.submit_job_to_delete_external_users_v2025_r0(
        [UserReferenceV2025R0(id=external), UserReferenceV2025R0(id=member)])
    after = admin.list_collaborations.get_folder_collaborations(folder_id)

    assert [user.id for user in listed.entries] == [external]
    assert external not in [user.id for user in members.entries]
    assert [collaboration.accessible_by.id for collaboration in before.entries] == [external]
    assert [(entry.user_id, entry.status) for entry in job.entries] == [(external, 202), (member, 400)]
    assert after.entries == []


def test_deleting_an_archive_is_unavailable_and_the_archive_stays(admin):
    archive = admin.archives.create_archive_v2025_r0(unique("Archive"))

    with pytest.raises(BoxAPIError) as refused:
        admin.archives.delete_archive_by_id_v2025_r0(archive.id)

    assert refused.value.response_info.status_code == 403
    assert archive.id in [entry.id for entry in admin.archives.get_archives_v2025_r0().entries]


def test_the_enterprise_configuration_holds_every_item_with_a_new_enterprises_values(admin, credentials):
    configuration = admin.enterprise_configurations.get_enterprise_configuration_by_id_v2025_r0(
        credentials["enterprise_id"], ["user_settings", "security", "content_and_sharing"])

    assert configuration.user_settings.new_user_default_language.value == "English (US)"
    assert configuration.user_settings.new_user_default_storage_limit.value == -1
    assert configuration.user_settings.is_enterprise_sso_required.value is False
    assert configuration.security.password_min_length.value == 8
    assert configuration.content_and_sharing.trash_auto_clear_time.value == 30
