"""Box's collaboration roles and shared-link access levels, through Box's own Python SDK: a
collaborator of each role lists, downloads, uploads and shares in a folder shared with them,
and gets Box's refusal for what the role does not allow; a shared link resolves for exactly the
people its access level names."""

import io

import pytest
from box_sdk_gen import (
    AddShareLinkToFileSharedLink,
    AddShareLinkToFileSharedLinkAccessField,
    BoxAPIError,
    CreateCollaborationRole,
    UploadFileAttributes,
    UploadFileAttributesParentField,
)

from conftest import collaborate, read_all, unique

# What Box's collaborator permission levels allow: (role, list, download, upload, share).
ROLES = [
    (CreateCollaborationRole.CO_OWNER, True, True, True, True),
    (CreateCollaborationRole.EDITOR, True, True, True, True),
    (CreateCollaborationRole.VIEWER_UPLOADER, True, True, True, True),
    (CreateCollaborationRole.PREVIEWER_UPLOADER, True, False, True, False),
    (CreateCollaborationRole.VIEWER, True, True, False, True),
    (CreateCollaborationRole.PREVIEWER, True, False, False, False),
    (CreateCollaborationRole.UPLOADER, True, False, True, False),
]


def attempt(action):
    """Runs `action`; answers True when it succeeded and the status when Box refused it."""
    try:
        action()
        return True
    except BoxAPIError as refusal:
        return refusal.response_info.status_code


@pytest.mark.parametrize("role,may_list,may_download,may_upload,may_share", ROLES, ids=[r[0].value for r in ROLES])
def test_a_collaborator_may_do_what_the_role_allows(
        admin, alice, credentials, workspace, upload, role, may_list, may_download, may_upload, may_share):
    file = upload(workspace.id, "plan.txt", b"the plan")
    collaborate(admin, workspace.id, credentials["app_users"][0]["id"], role)

    listed = attempt(lambda: alice.folders.get_folder_items(workspace.id))
    downloaded = attempt(lambda: read_all(alice.downloads.download_file(file.id)))
    uploaded = attempt(lambda: alice.uploads.upload_file(
        UploadFileAttributes(name=unique("mine") + ".txt", parent=UploadFileAttributesParentField(id=workspace.id)),
        io.BytesIO(b"mine")))
    shared = attempt(lambda: alice.shared_links_files.add_share_link_to_file(
        file.id, "shared_link", shared_link=AddShareLinkToFileSharedLink()))

    assert (listed, downloaded, uploaded, shared) == tuple(True if allowed else 403 for allowed in
                                                          (may_list, may_download, may_upload, may_share))


def test_the_permissions_field_matches_what_the_role_may_do(admin, alice, credentials, workspace, upload):
    file = upload(workspace.id, "plan.txt", b"the plan")
    collaborate(admin, workspace.id, credentials["app_users"][0]["id"], CreateCollaborationRole.PREVIEWER_UPLOADER)

    permissions = alice.files.get_file_by_id(file.id, fields=["permissions"]).permissions

    assert (permissions.can_preview, permissions.can_download, permissions.can_share, permissions.can_rename) == (
        True, False, False, False)


def shared_file(admin, workspace, upload, access):
    file = upload(workspace.id, unique("shared") + ".txt", b"shared")
    return admin.shared_links_files.add_share_link_to_file(
        file.id, "shared_link", shared_link=AddShareLinkToFileSharedLink(access=access)).shared_link.url


@pytest.mark.parametrize("access", [AddShareLinkToFileSharedLinkAccessField.OPEN, AddShareLinkToFileSharedLinkAccessField.COMPANY],
                         ids=["open", "company"])
def test_an_open_or_company_link_resolves_for_a_user_of_the_enterprise(admin, alice, workspace, upload, access):
    url = shared_file(admin, workspace, upload, access)

    assert alice.shared_links_files.find_file_for_shared_link(f"shared_link={url}").name.startswith("shared-")


def test_a_collaborators_link_resolves_only_for_collaborators(admin, alice, credentials, workspace, upload):
    url = shared_file(admin, workspace, upload, AddShareLinkToFileSharedLinkAccessField.COLLABORATORS)

    with pytest.raises(BoxAPIError) as refusal:
        alice.shared_links_files.find_file_for_shared_link(f"shared_link={url}")
    assert refusal.value.response_info.status_code == 404

    collaborate(admin, workspace.id, credentials["app_users"][0]["id"], CreateCollaborationRole.VIEWER)
    assert alice.shared_links_files.find_file_for_shared_link(f"shared_link={url}").name.startswith("shared-")
