"""Legal holds and retention: Box's Python SDK creates policies, assigns them, reads what
they hold, and sees a held or retained file refused a permanent deletion."""

import pytest
from box_sdk_gen import BoxAPIError
from box_sdk_gen.managers.legal_hold_policy_assignments import (
    CreateLegalHoldPolicyAssignmentAssignTo,
    CreateLegalHoldPolicyAssignmentAssignToTypeField,
)
from box_sdk_gen.managers.retention_policies import (
    CreateRetentionPolicyDispositionAction,
    CreateRetentionPolicyPolicyType,
    CreateRetentionPolicyRetentionType,
)
from box_sdk_gen.managers.retention_policy_assignments import (
    CreateRetentionPolicyAssignmentAssignTo,
    CreateRetentionPolicyAssignmentAssignToTypeField,
)

from conftest import unique


def hold_file(admin, file_id):
    policy = admin.legal_hold_policies.create_legal_hold_policy(unique("matter"), is_ongoing=True)
    assignment = admin.legal_hold_policy_assignments.create_legal_hold_policy_assignment(
        policy.id,
        CreateLegalHoldPolicyAssignmentAssignTo(type=CreateLegalHoldPolicyAssignmentAssignToTypeField.FILE, id=file_id),
    )
    return policy, assignment


def retention_policy(admin, retention_type=CreateRetentionPolicyRetentionType.MODIFIABLE):
    return admin.retention_policies.create_retention_policy(
        unique("records"), CreateRetentionPolicyPolicyType.FINITE, CreateRetentionPolicyDispositionAction.REMOVE_RETENTION,
        retention_length="365", retention_type=retention_type)


def test_legal_hold_policy_is_created_read_and_renamed(admin):
    policy = admin.legal_hold_policies.create_legal_hold_policy(unique("matter"), description="litigation", is_ongoing=True)

    renamed = admin.legal_hold_policies.update_legal_hold_policy_by_id(policy.id, policy_name=policy.policy_name + "-renamed")
    read = admin.legal_hold_policies.get_legal_hold_policy_by_id(policy.id)

    assert policy.status == "active"
    assert renamed.policy_name.endswith("-renamed")
    assert read.description == "litigation"
    assert policy.id in [entry.id for entry in admin.legal_hold_policies.get_legal_hold_policies(limit=1000).entries]


def test_held_file_is_listed_and_cannot_be_purged_until_released(admin, workspace, upload):
    file = upload(workspace.id, unique("evidence") + ".txt", b"kept")
    policy, assignment = hold_file(admin, file.id)
    admin.files.delete_file_by_id(file.id)

    on_hold = admin.legal_hold_policy_assignments.get_legal_hold_policy_assignment_file_on_hold(assignment.id)
    with pytest.raises(BoxAPIError) as refused:
        admin.trashed_files.delete_trashed_file_by_id(file.id)
    admin.legal_hold_policy_assignments.delete_legal_hold_policy_assignment_by_id(assignment.id)
    admin.trashed_files.delete_trashed_file_by_id(file.id)

    assert [entry.id for entry in on_hold.entries] == [file.id]
    assert refused.value.response_info.status_code == 403
    assignments = admin.legal_hold_policy_assignments.get_legal_hold_policy_assignments(policy.id)
    assert assignments.entries == []


def test_file_version_legal_holds_name_the_held_version(admin, workspace, upload):
    file = upload(workspace.id, unique("memo") + ".txt", b"v1")
    policy, assignment = hold_file(admin, file.id)

    holds = admin.file_version_legal_holds.get_file_version_legal_holds(policy.id)
    hold = admin.file_version_legal_holds.get_file_version_legal_hold_by_id(holds.entries[0].id)

    assert hold.file.id == file.id
    assert [entry.id for entry in hold.legal_hold_policy_assignments] == [assignment.id]


def test_deleting_a_legal_hold_policy_starts_its_release(admin):
    policy = admin.legal_hold_policies.create_legal_hold_policy(unique("closed"), is_ongoing=True)

    admin.legal_hold_policies.delete_legal_hold_policy_by_id(policy.id)

    assert admin.legal_hold_policies.get_legal_hold_policy_by_id(policy.id).status == "releasing"


def test_retained_file_cannot_be_purged_and_is_listed_with_its_disposition_date(admin, workspace, upload):
    policy = retention_policy(admin)
    assignment = admin.retention_policy_assignments.create_retention_policy_assignment(
        policy.id,
        CreateRetentionPolicyAssignmentAssignTo(type=CreateRetentionPolicyAssignmentAssignToTypeField.FOLDER, id=workspace.id),
    )
    file = upload(workspace.id, unique("ledger") + ".csv", b"a,b")
    admin.files.delete_file_by_id(file.id)

    with pytest.raises(BoxAPIError) as refused:
        admin.trashed_files.delete_trashed_file_by_id(file.id)
    files = admin.retention_policy_assignments.get_files_under_retention_policy_assignment(assignment.id)
    retentions = admin.file_version_retentions.get_file_version_retentions(file_id=file.id)

    assert refused.value.response_info.status_code == 403
    assert [entry.id for entry in files.entries] == [file.id]
    assert retentions.entries[0].winning_retention_policy.id == policy.id
    assert retentions.entries[0].disposition_at is not None


def test_non_modifiable_retention_policy_cannot_be_retired(admin):
    policy = retention_policy(admin, CreateRetentionPolicyRetentionType.NON_MODIFIABLE)

    with pytest.raises(BoxAPIError) as refused:
        admin.retention_policies.update_retention_policy_by_id(policy.id, status="retired")

    assert refused.value.response_info.status_code == 403
    assert admin.retention_policies.get_retention_policy_by_id(policy.id).status == "active"


def test_retention_endpoints_refuse_a_non_admin(alice):
    with pytest.raises(BoxAPIError) as refused:
        alice.retention_policies.get_retention_policies()

    assert refused.value.response_info.status_code == 403
