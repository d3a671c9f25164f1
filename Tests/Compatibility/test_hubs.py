"""Hubs and shield lists (Box API 2025.0): Box's SDK sends `box-version: 2025.0` on these calls
and the server answers them; hubs with collaborators, items and copies, and an enterprise's
shield lists."""

import pytest
from box_sdk_gen import BoxAPIError, BoxDeveloperTokenAuth
from box_sdk_gen.managers.hub_collaborations import (
    CreateHubCollaborationV2025R0AccessibleBy,
    CreateHubCollaborationV2025R0Hub,
)
from box_sdk_gen.schemas.v2025_r0.file_reference_v2025_r0 import FileReferenceV2025R0
from box_sdk_gen.schemas.v2025_r0.folder_reference_v2025_r0 import FolderReferenceV2025R0
from box_sdk_gen.schemas.v2025_r0.hub_item_operation_v2025_r0 import (
    HubItemOperationV2025R0,
    HubItemOperationV2025R0ActionField,
)
from box_sdk_gen.schemas.v2025_r0.shield_list_content_domain_v2025_r0 import ShieldListContentDomainV2025R0
from box_sdk_gen.schemas.v2025_r0.shield_list_content_ip_v2025_r0 import ShieldListContentIpV2025R0

from conftest import unique


def add(item):
    return HubItemOperationV2025R0(action=HubItemOperationV2025R0ActionField.ADD, item=item)


def test_created_hub_is_read_back_and_listed(admin):
    title = unique("hub")

    hub = admin.hubs.create_hub_v2025_r0(title, description="Everything for new starters")

    read = admin.hubs.get_hub_by_id_v2025_r0(hub.id)
    assert (read.title, read.description) == (title, "Everything for new starters")
    assert hub.id in [entry.id for entry in admin.hubs.get_hubs_v2025_r0(query=title).entries]


def test_updated_hub_keeps_its_new_title(admin):
    hub = admin.hubs.create_hub_v2025_r0(unique("draft"))

    admin.hubs.update_hub_by_id_v2025_r0(hub.id, title="Final title", is_ai_enabled=False)

    read = admin.hubs.get_hub_by_id_v2025_r0(hub.id)
    assert (read.title, read.is_ai_enabled) == ("Final title", False)


def test_items_are_added_and_removed(admin, workspace, upload):
    file = upload(workspace.id, "hub-guide.txt", b"guide")
    hub = admin.hubs.create_hub_v2025_r0(unique("items"))

    added = admin.hub_items.manage_hub_items_v2025_r0(hub.id, operations=[
        add(FileReferenceV2025R0(id=file.id)), add(FolderReferenceV2025R0(id=workspace.id))])
    admin.hub_items.manage_hub_items_v2025_r0(hub.id, operations=[
        HubItemOperationV2025R0(action=HubItemOperationV2025R0ActionField.REMOVE, item=FileReferenceV2025R0(id=file.id))])

    assert [operation.status for operation in added.operations] == [200, 200]
    items = admin.hub_items.get_hub_items_v2025_r0(hub.id).entries
    assert [(item.type, item.id) for item in items] == [("folder", workspace.id)]


def test_copied_hub_is_a_new_hub_of_the_caller(admin):
    hub = admin.hubs.create_hub_v2025_r0(unique("original"), description="Source")

    copy = admin.hubs.copy_hub_v2025_r0(hub.id, title="The copy")

    assert copy.id != hub.id
    assert (copy.title, copy.description) == ("The copy", "Source")
    assert len(admin.hubs.get_hubs_v2025_r0(query="The copy").entries) >= 1


def test_collaborator_reads_the_hub_and_stranger_does_not(admin, alice, credentials, make_client):
    stranger = make_client(BoxDeveloperTokenAuth(token=credentials["app_users"][1]["developer_token"]))
    hub = admin.hubs.create_hub_v2025_r0(unique("team"))

    collaboration = admin.hub_collaborations.create_hub_collaboration_v2025_r0(
        CreateHubCollaborationV2025R0Hub(id=hub.id),
        CreateHubCollaborationV2025R0AccessibleBy(type="user", id=credentials["app_users"][0]["id"]),
        "viewer")

    assert alice.hubs.get_hub_by_id_v2025_r0(hub.id).id == hub.id
    listed = admin.hub_collaborations.get_hub_collaborations_v2025_r0(hub.id).entries
    assert [(entry.id, entry.role) for entry in listed] == [(collaboration.id, "viewer")]
    with pytest.raises(BoxAPIError) as refusal:
        stranger.hubs.get_hub_by_id_v2025_r0(hub.id)
    assert refusal.value.response_info.status_code == 404


def test_deleted_hub_is_gone(admin):
    hub = admin.hubs.create_hub_v2025_r0(unique("gone"))

    admin.hubs.delete_hub_by_id_v2025_r0(hub.id)

    with pytest.raises(BoxAPIError) as refusal:
        admin.hubs.get_hub_by_id_v2025_r0(hub.id)
    assert refusal.value.response_info.status_code == 404


def test_shield_list_content_is_stored_and_replaced(admin):
    name = unique("partners")

    created = admin.shield_lists.create_shield_list_v2025_r0(
        name, ShieldListContentDomainV2025R0(domains=["example.com"]), description="Partner domains")
    admin.shield_lists.update_shield_list_by_id_v2025_r0(
        created.id, name, ShieldListContentIpV2025R0(ip_addresses=["10.0.0.0/8"]))

    read = admin.shield_lists.get_shield_list_by_id_v2025_r0(created.id)
    assert (read.content.type, read.content.ip_addresses) == ("ip", ["10.0.0.0/8"])
    assert created.id in [entry.id for entry in admin.shield_lists.get_shield_lists_v2025_r0().entries]
    admin.shield_lists.delete_shield_list_by_id_v2025_r0(created.id)
    assert created.id not in [entry.id for entry in admin.shield_lists.get_shield_lists_v2025_r0().entries]
