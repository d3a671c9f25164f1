"""Classifications, metadata cascade policies, templates by instance, file requests, Box
Skills cards and Relay workflows, driven with Box's Python SDK."""

import pytest
from box_sdk_gen import (
    AddClassificationRequestBody,
    AddClassificationRequestBodyDataField,
    AddClassificationRequestBodyDataStaticConfigClassificationField,
    AddClassificationRequestBodyDataStaticConfigField,
    ApplyMetadataCascadePolicyConflictResolution,
    BoxAPIError,
    CreateClassificationTemplateFields,
    CreateClassificationTemplateFieldsOptionsField,
    CreateFileMetadataByIdScope,
    CreateFileRequestCopyFolder,
    CreateFolderParent,
    CreateFolderMetadataByIdScope,
    CreateMetadataCascadePolicyScope,
    FetchOptions,
    GetFileMetadataByIdScope,
    KeywordSkillCard,
    KeywordSkillCardEntriesField,
    KeywordSkillCardInvocationField,
    KeywordSkillCardSkillField,
    StartWorkflowFiles,
    StartWorkflowFlow,
    StartWorkflowFolder,
    UpdateBoxSkillCardsOnFileRequestBody,
    UpdateBoxSkillCardsOnFileRequestBodyOpField,
    UpdateClassificationOnFileRequestBody,
    UpdateFileRequestByIdStatus,
    UpdateFolderMetadataByIdRequestBody,
    UpdateFolderMetadataByIdRequestBodyOpField,
    UpdateFolderMetadataByIdScope,
)

from conftest import unique

CLASSIFICATION_KEY = "securityClassification-6VMVochwUWo"


@pytest.fixture(scope="module")
def classifications(admin):
    """The enterprise's classifications, set up once per server with Public and Sensitive."""
    try:
        return admin.classifications.get_classification_template()
    except BoxAPIError as error:
        if error.response_info.status_code != 404:
            raise
    return admin.classifications.create_classification_template(
        [CreateClassificationTemplateFields([
            CreateClassificationTemplateFieldsOptionsField("Public"),
            CreateClassificationTemplateFieldsOptionsField("Sensitive"),
        ])])


def test_a_classification_added_to_the_template_reads_back_with_its_definition(admin, classifications):
    key = unique("Tier")

    updated = admin.classifications.add_classification([AddClassificationRequestBody(AddClassificationRequestBodyDataField(
        key, static_config=AddClassificationRequestBodyDataStaticConfigField(
            classification=AddClassificationRequestBodyDataStaticConfigClassificationField(
                classification_definition="Tier data", color_id=3))))])

    option = next(option for option in updated.fields[0].options if option.key == key)
    assert option.static_config.classification.classification_definition == "Tier data"
    assert key in [option.key for option in admin.classifications.get_classification_template().fields[0].options]


def test_a_classified_file_is_seen_through_the_metadata_endpoints(admin, classifications, workspace, upload):
    file = upload(workspace.id, "plan.txt", b"plan")

    admin.file_classifications.add_classification_to_file(file.id, box_security_classification_key="Sensitive")
    changed = admin.file_classifications.update_classification_on_file(file.id, [UpdateClassificationOnFileRequestBody("Public")])
    instance = admin.file_metadata.get_file_metadata_by_id(file.id, GetFileMetadataByIdScope.ENTERPRISE, CLASSIFICATION_KEY)

    assert changed.box_security_classification_key == "Public"
    assert instance.extra_data["Box__Security__Classification__Key"] == "Public"
    templates = admin.metadata_templates.get_metadata_templates_by_instance_id(instance.id)
    assert [template.template_key for template in templates.entries] == [CLASSIFICATION_KEY]

    admin.file_classifications.delete_classification_from_file(file.id)
    with pytest.raises(BoxAPIError) as error:
        admin.file_classifications.get_classification_on_file(file.id)
    assert error.value.response_info.status_code == 404


def test_a_cascade_policy_reaches_a_file_uploaded_later_and_apply_overwrites(admin, workspace, upload):
    before = upload(workspace.id, "before.txt", b"b")
    admin.folder_metadata.create_folder_metadata_by_id(workspace.id, CreateFolderMetadataByIdScope.GLOBAL, "properties", {"team": "legal"})

    policy = admin.metadata_cascade_policies.create_metadata_cascade_policy(
        workspace.id, CreateMetadataCascadePolicyScope.GLOBAL, "properties")
    after = upload(workspace.id, "after.txt", b"a")

    def team(file_id):
        return admin.file_metadata.get_file_metadata_by_id(file_id, GetFileMetadataByIdScope.GLOBAL, "properties").extra_data["team"]

    assert (team(before.id), team(after.id)) == ("legal", "legal")
    admin.file_metadata.delete_file_metadata_by_id(after.id, GetFileMetadataByIdScope.GLOBAL, "properties")
    admin.file_metadata.create_file_metadata_by_id(after.id, CreateFileMetadataByIdScope.GLOBAL, "properties", {"team": "tax"})
    admin.metadata_cascade_policies.apply_metadata_cascade_policy(policy.id, ApplyMetadataCascadePolicyConflictResolution.NONE)
    assert team(after.id) == "tax"
    admin.metadata_cascade_policies.apply_metadata_cascade_policy(policy.id, ApplyMetadataCascadePolicyConflictResolution.OVERWRITE)
    assert team(after.id) == "legal"
    listed = admin.metadata_cascade_policies.get_metadata_cascade_policies(workspace.id)
    assert [entry.id for entry in listed.entries] == [policy.id]
    admin.metadata_cascade_policies.delete_metadata_cascade_policy_by_id(policy.id)
    with pytest.raises(BoxAPIError) as error:
        admin.metadata_cascade_policies.get_metadata_cascade_policy_by_id(policy.id)
    assert error.value.response_info.status_code == 404


def test_an_edit_to_the_folder_instance_reaches_the_files_of_a_cascade_policy(admin, workspace, upload):
    inside = upload(workspace.id, "inside.txt", b"i")
    admin.folder_metadata.create_folder_metadata_by_id(workspace.id, CreateFolderMetadataByIdScope.GLOBAL, "properties", {"team": "legal"})
    admin.metadata_cascade_policies.create_metadata_cascade_policy(workspace.id, CreateMetadataCascadePolicyScope.GLOBAL, "properties")

    admin.folder_metadata.update_folder_metadata_by_id(
        workspace.id, UpdateFolderMetadataByIdScope.GLOBAL, "properties",
        [UpdateFolderMetadataByIdRequestBody(op=UpdateFolderMetadataByIdRequestBodyOpField.REPLACE, path="/team", value="finance")])

    instance = admin.file_metadata.get_file_metadata_by_id(inside.id, GetFileMetadataByIdScope.GLOBAL, "properties")
    assert instance.extra_data["team"] == "finance"


def web_app_file_request(admin, credentials, folder_id):
    """The folder's first file request, made as Box's web app makes it (BoxLike's stand-in)."""
    response = admin.make_request(FetchOptions(url=f"{credentials['api_base_url']}/folders/{folder_id}/file_request", method="POST"))
    return response.data["id"]


def test_a_file_request_is_updated_copied_and_deleted(admin, credentials, workspace):
    request_id = web_app_file_request(admin, credentials, workspace.id)
    target = admin.folders.create_folder(unique("target"), CreateFolderParent(id=workspace.id))

    updated = admin.file_requests.update_file_request_by_id(
        request_id, title="Receipts", is_email_required=True, status=UpdateFileRequestByIdStatus.INACTIVE)
    copy = admin.file_requests.create_file_request_copy(request_id, CreateFileRequestCopyFolder(id=target.id), title="Copy")

    assert (updated.title, updated.is_email_required, updated.status) == ("Receipts", True, "inactive")
    assert (copy.folder.id, copy.title, copy.is_email_required) == (target.id, "Copy", True)
    admin.file_requests.delete_file_request_by_id(request_id)
    with pytest.raises(BoxAPIError) as error:
        admin.file_requests.get_file_request_by_id(request_id)
    assert error.value.response_info.status_code == 404
    assert admin.file_requests.get_file_request_by_id(copy.id).folder.id == target.id


def keywords(*words):
    return KeywordSkillCard(
        KeywordSkillCardSkillField("skill-7"), KeywordSkillCardInvocationField("invocation-1"),
        [KeywordSkillCardEntriesField(text=word) for word in words])


def test_skill_cards_are_created_replaced_and_deleted(admin, workspace, upload):
    file = upload(workspace.id, "call.mp3", b"audio")

    created = admin.skills.create_box_skill_cards_on_file(file.id, [keywords("budget"), keywords("hiring")])
    updated = admin.skills.update_box_skill_cards_on_file(
        file.id, [UpdateBoxSkillCardsOnFileRequestBody(
            op=UpdateBoxSkillCardsOnFileRequestBodyOpField.REPLACE, path="/cards/1", value=keywords("travel"))])

    assert created.template == "boxSkillsCards"
    assert [[entry.text for entry in card.entries] for card in updated.cards] == [["budget"], ["travel"]]
    admin.skills.delete_box_skill_cards_from_file(file.id)
    with pytest.raises(BoxAPIError) as error:
        admin.skills.get_box_skill_cards_on_file(file.id)
    assert error.value.response_info.status_code == 404


def test_the_seeded_workflow_is_listed_and_started(admin, credentials):
    seed = credentials["admin_user"]

    workflow = admin.workflows.get_workflows(seed["folder_id"]).entries[0]
    admin.workflows.start_workflow(
        workflow.id, StartWorkflowFlow(type="flow", id=workflow.flows[0].id), [StartWorkflowFiles(id=seed["file_id"])],
        StartWorkflowFolder(id=seed["folder_id"]))

    assert workflow.flows[0].trigger.trigger_type == "WORKFLOW_MANUAL_START"
    assert admin.file_watermarks.get_file_watermark(seed["file_id"]).watermark is not None
