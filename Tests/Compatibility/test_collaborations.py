"""Collaborations: invite a user to a folder, change the role, remove, transfer ownership."""

import uuid

import pytest
from box_sdk_gen import (
    BoxAPIError,
    CreateCollaborationAccessibleBy,
    CreateCollaborationAccessibleByTypeField,
    CreateCollaborationItem,
    CreateCollaborationItemTypeField,
    CreateCollaborationRole,
    GetCollaborationsStatus,
    UpdateCollaborationByIdRole,
)

from conftest import collaborate


def test_collaborator_is_listed_on_the_folder_and_sees_it(admin, alice, credentials, workspace):
    alice_id = credentials["app_users"][0]["id"]

    collaboration = collaborate(admin, workspace.id, alice_id)

    listed = admin.list_collaborations.get_folder_collaborations(workspace.id)
    assert [(entry.id, entry.accessible_by.id, entry.role) for entry in listed.entries] == [
        (collaboration.id, alice_id, "editor")]
    assert alice.folders.get_folder_by_id(workspace.id).id == workspace.id


def test_collaboration_role_change_is_kept(admin, credentials, workspace):
    collaboration = collaborate(admin, workspace.id, credentials["app_users"][0]["id"])

    admin.user_collaborations.update_collaboration_by_id(collaboration.id, role=UpdateCollaborationByIdRole.VIEWER)

    assert admin.user_collaborations.get_collaboration_by_id(collaboration.id).role == "viewer"


def test_removed_collaborator_loses_access(admin, alice, credentials, workspace):
    collaboration = collaborate(admin, workspace.id, credentials["app_users"][0]["id"])

    admin.user_collaborations.delete_collaboration_by_id(collaboration.id)

    assert admin.list_collaborations.get_folder_collaborations(workspace.id).entries == []
    with pytest.raises(BoxAPIError) as refusal:
        alice.folders.get_folder_by_id(workspace.id)
    assert refusal.value.response_info.status_code in (403, 404)


def test_collaborating_an_unknown_email_creates_a_pending_collaboration(admin, workspace):
    login = f"nobody-{uuid.uuid4().hex[:8]}@example.com"

    collaboration = admin.user_collaborations.create_collaboration(
        CreateCollaborationItem(type=CreateCollaborationItemTypeField.FOLDER, id=workspace.id),
        CreateCollaborationAccessibleBy(type=CreateCollaborationAccessibleByTypeField.USER, login=login),
        CreateCollaborationRole.VIEWER)

    assert collaboration.status == "pending"
    assert collaboration.invite_email == login


def test_owner_role_transfers_the_folder(admin, credentials, workspace):
    alice_id = credentials["app_users"][0]["id"]
    collaboration = collaborate(admin, workspace.id, alice_id)

    answer = admin.user_collaborations.update_collaboration_by_id(collaboration.id, role=UpdateCollaborationByIdRole.OWNER)

    assert answer is None
    assert admin.folders.get_folder_by_id(workspace.id).owned_by.id == alice_id


def test_pending_collaborations_list_is_served(alice):
    pending = alice.list_collaborations.get_collaborations(GetCollaborationsStatus.PENDING)

    assert pending.entries == []
