"""Users (managed and app users) and invites."""

import uuid

import pytest
from box_sdk_gen import BoxAPIError, CreateInviteActionableBy, CreateInviteEnterprise

from conftest import unique


def test_current_user_is_the_token_owner(alice, credentials):
    me = alice.users.get_user_me()

    assert (me.id, me.login) == (credentials["app_users"][0]["id"], credentials["app_users"][0]["login"])


def test_created_managed_user_reads_back_and_is_found_by_login(admin):
    login = unique("new.hire") + "@boxlike.test"

    user = admin.users.create_user("New Hire", login=login, job_title="Analyst")

    read = admin.users.get_user_by_id(user.id, fields=["name", "login", "job_title"])
    assert (read.name, read.login, read.job_title) == ("New Hire", login, "Analyst")
    assert [entry.id for entry in admin.users.get_users(filter_term=login).entries] == [user.id]


def test_user_list_pages_with_offset(admin):
    everyone = admin.users.get_users(limit=1000)

    page = admin.users.get_users(offset=1, limit=2)

    assert [entry.id for entry in page.entries] == [entry.id for entry in everyone.entries][1:3]
    assert page.total_count == everyone.total_count


@pytest.mark.xfail(strict=True, reason="server: GET /users ignores usemarker (no next_marker although more users follow; issue 27 lists marker/usemarker on users among the missing parameters)")
def test_user_list_pages_with_markers(admin):
    everyone = [entry.id for entry in admin.users.get_users(limit=1000).entries]
    assert len(everyone) > 2

    first = admin.users.get_users(usemarker=True, limit=2)
    second = admin.users.get_users(usemarker=True, limit=2, marker=first.next_marker)

    assert first.next_marker
    assert [entry.id for entry in first.entries + second.entries] == everyone[:4]


def test_created_app_user_is_platform_access_only(admin):
    user = admin.users.create_user(unique("Robot"), is_platform_access_only=True)

    read = admin.users.get_user_by_id(user.id, fields=["name", "login", "is_platform_access_only"])
    assert read.name == user.name
    assert read.login  # an app user gets a login made up by the server, as in Box
    assert read.is_platform_access_only is True


def test_user_profile_change_is_kept(admin):
    user = admin.users.create_user("Temp", login=unique("temp") + "@boxlike.test")

    admin.users.update_user_by_id(user.id, name="Permanent", job_title="Lead")

    read = admin.users.get_user_by_id(user.id, fields=["name", "job_title"])
    assert (read.name, read.job_title) == ("Permanent", "Lead")


def test_deleted_user_is_gone(admin):
    user = admin.users.create_user("Leaving", login=unique("leaving") + "@boxlike.test")

    admin.users.delete_user_by_id(user.id)

    with pytest.raises(BoxAPIError) as gone:
        admin.users.get_user_by_id(user.id)
    assert gone.value.response_info.status_code == 404


def test_invite_of_an_existing_user_reads_back(admin, credentials):
    login = credentials["app_users"][1]["login"]

    invite = admin.invites.create_invite(CreateInviteEnterprise(id=credentials["enterprise_id"]), CreateInviteActionableBy(login=login))

    read = admin.invites.get_invite_by_id(invite.id)
    assert read.actionable_by.login == login
    assert read.invited_to.id == credentials["enterprise_id"]


@pytest.mark.xfail(strict=True, reason="server: issue 27 point 10 (inviting a login without an account answers 404)")
def test_invite_of_a_login_without_account_is_pending(admin, credentials):
    login = f"candidate-{uuid.uuid4().hex[:8]}@example.com"

    invite = admin.invites.create_invite(CreateInviteEnterprise(id=credentials["enterprise_id"]), CreateInviteActionableBy(login=login))

    read = admin.invites.get_invite_by_id(invite.id)
    assert (read.actionable_by.login, read.status) == (login, "pending")
