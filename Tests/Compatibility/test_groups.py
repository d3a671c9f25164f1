"""Groups and memberships."""

import pytest
from box_sdk_gen import (
    BoxAPIError,
    CreateGroupMembershipGroup,
    CreateGroupMembershipUser,
    UpdateGroupMembershipByIdRole,
)

from conftest import unique


def test_created_group_reads_back_and_is_listed(admin):
    name = unique("Analysts")

    group = admin.groups.create_group(name, description="number people")

    assert admin.groups.get_group_by_id(group.id, fields=["name", "description"]).description == "number people"
    assert group.id in [entry.id for entry in admin.groups.get_groups(filter_term=name).entries]


def test_member_is_listed_in_the_group_and_on_the_user(admin, credentials):
    group = admin.groups.create_group(unique("Members"))
    bob_id = credentials["app_users"][1]["id"]

    membership = admin.memberships.create_group_membership(CreateGroupMembershipUser(id=bob_id), CreateGroupMembershipGroup(id=group.id))

    assert [entry.user.id for entry in admin.memberships.get_group_memberships(group.id).entries] == [bob_id]
    assert group.id in [entry.group.id for entry in admin.memberships.get_user_memberships(bob_id).entries]
    assert membership.role == "member"


def test_membership_role_change_is_kept(admin, credentials):
    group = admin.groups.create_group(unique("Admins"))
    membership = admin.memberships.create_group_membership(
        CreateGroupMembershipUser(id=credentials["app_users"][1]["id"]), CreateGroupMembershipGroup(id=group.id))

    admin.memberships.update_group_membership_by_id(membership.id, role=UpdateGroupMembershipByIdRole.ADMIN)

    assert admin.memberships.get_group_membership_by_id(membership.id).role == "admin"


def test_renamed_group_keeps_new_name_and_deleted_group_is_gone(admin):
    group = admin.groups.create_group(unique("Old"))
    new_name = unique("New")

    admin.groups.update_group_by_id(group.id, name=new_name)
    renamed = admin.groups.get_group_by_id(group.id)
    admin.groups.delete_group_by_id(group.id)

    assert renamed.name == new_name
    with pytest.raises(BoxAPIError) as gone:
        admin.groups.get_group_by_id(group.id)
    assert gone.value.response_info.status_code == 404
