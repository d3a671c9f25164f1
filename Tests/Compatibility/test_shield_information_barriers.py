"""Information barriers: a wall between two segments, enforced on collaborations and group
memberships while enabled, lifted when disabled, and reported."""

import pytest
from box_sdk_gen import (
    BoxAPIError,
    BoxDeveloperTokenAuth,
    CreateFolderParent,
    CreateGroupMembershipGroup,
    CreateGroupMembershipUser,
    CreateShieldInformationBarrierSegmentMemberShieldInformationBarrierSegment,
    CreateShieldInformationBarrierSegmentRestrictionRestrictedSegment,
    CreateShieldInformationBarrierSegmentRestrictionShieldInformationBarrierSegment,
    EnterpriseBase,
    GetEventsStreamType,
    ShieldInformationBarrierBase,
    UpdateFolderByIdParent,
    UpdateShieldInformationBarrierStatusStatus,
    UserBase,
)

from conftest import collaborate, read_all, unique


@pytest.fixture(scope="module")
def wall(admin, credentials):
    """A barrier with Alice in "Deals" and Bob in "Research", Deals restricted from Research.
    The enterprise has one barrier at a time, and the server is shared by every scenario, so
    the barrier is left disabled and its segments removed at the end."""
    barrier = admin.shield_information_barriers.create_shield_information_barrier(
        EnterpriseBase(id=credentials["enterprise_id"]))
    barrier_ref = ShieldInformationBarrierBase(id=barrier.id)
    segments = admin.shield_information_barrier_segments
    deals = segments.create_shield_information_barrier_segment(barrier_ref, unique("Deals"), description="sell side")
    research = segments.create_shield_information_barrier_segment(barrier_ref, unique("Research"))
    alice_id = credentials["app_users"][0]["id"]
    bob_id = credentials["app_users"][1]["id"]
    members = admin.shield_information_barrier_segment_members
    members.create_shield_information_barrier_segment_member(
        CreateShieldInformationBarrierSegmentMemberShieldInformationBarrierSegment(id=deals.id), UserBase(id=alice_id))
    members.create_shield_information_barrier_segment_member(
        CreateShieldInformationBarrierSegmentMemberShieldInformationBarrierSegment(id=research.id), UserBase(id=bob_id))
    restriction = admin.shield_information_barrier_segment_restrictions.create_shield_information_barrier_segment_restriction(
        CreateShieldInformationBarrierSegmentRestrictionShieldInformationBarrierSegment(id=deals.id),
        CreateShieldInformationBarrierSegmentRestrictionRestrictedSegment(id=research.id))
    yield {"barrier": barrier, "deals": deals, "research": research, "alice": alice_id, "bob": bob_id,
           "restriction": restriction}
    current = admin.shield_information_barriers.get_shield_information_barrier_by_id(barrier.id)
    if current.status == "enabled":
        admin.shield_information_barriers.update_shield_information_barrier_status(
            barrier.id, UpdateShieldInformationBarrierStatusStatus.DISABLED)
    segments.delete_shield_information_barrier_segment_by_id(deals.id)
    segments.delete_shield_information_barrier_segment_by_id(research.id)


@pytest.fixture
def enabled(admin, wall):
    """The wall switched on for one scenario, and off again after it."""
    changed = admin.shield_information_barriers.update_shield_information_barrier_status(
        wall["barrier"].id, UpdateShieldInformationBarrierStatusStatus.PENDING)
    yield changed
    admin.shield_information_barriers.update_shield_information_barrier_status(
        wall["barrier"].id, UpdateShieldInformationBarrierStatusStatus.DISABLED)


def test_barrier_segments_members_and_restriction_read_back(admin, wall):
    barriers = admin.shield_information_barriers.get_shield_information_barriers().entries
    segments = admin.shield_information_barrier_segments.get_shield_information_barrier_segments(wall["barrier"].id).entries
    members = admin.shield_information_barrier_segment_members.get_shield_information_barrier_segment_members(wall["deals"].id).entries
    restrictions = admin.shield_information_barrier_segment_restrictions.get_shield_information_barrier_segment_restrictions(
        wall["deals"].id).entries

    assert wall["barrier"].id in [barrier.id for barrier in barriers]
    assert [segment.id for segment in segments] == [wall["deals"].id, wall["research"].id]
    assert [member.user.id for member in members] == [wall["alice"]]
    assert [restriction.restricted_segment.id for restriction in restrictions] == [wall["research"].id]


def test_enabled_barrier_refuses_a_collaboration_until_disabled(admin, credentials, make_client, wall, enabled):
    alice = make_client(BoxDeveloperTokenAuth(token=credentials["app_users"][0]["developer_token"]))
    folder = alice.folders.create_folder(unique("deal-room"), CreateFolderParent(id="0"))

    with pytest.raises(BoxAPIError) as refusal:
        collaborate(alice, folder.id, wall["bob"])
    admin.shield_information_barriers.update_shield_information_barrier_status(
        wall["barrier"].id, UpdateShieldInformationBarrierStatusStatus.DISABLED)
    allowed = collaborate(alice, folder.id, wall["bob"])
    admin.shield_information_barriers.update_shield_information_barrier_status(
        wall["barrier"].id, UpdateShieldInformationBarrierStatusStatus.PENDING)

    assert enabled.status == "pending"
    assert refusal.value.response_info.status_code == 403
    assert refusal.value.response_info.code == "forbidden_by_policy"
    assert allowed.accessible_by.id == wall["bob"]


def test_enabled_barrier_refuses_a_group_membership(admin, wall, enabled):
    group = admin.groups.create_group(unique("Deal team"))
    admin.memberships.create_group_membership(CreateGroupMembershipUser(id=wall["alice"]), CreateGroupMembershipGroup(id=group.id))

    with pytest.raises(BoxAPIError) as refusal:
        admin.memberships.create_group_membership(CreateGroupMembershipUser(id=wall["bob"]), CreateGroupMembershipGroup(id=group.id))

    assert refusal.value.response_info.code == "forbidden_by_policy"
    assert [entry.user.id for entry in admin.memberships.get_group_memberships(group.id).entries] == [wall["alice"]]


def test_enabled_barrier_refuses_a_move_to_the_other_side_and_the_admin_logs_show_it(admin, credentials, make_client, wall):
    alice = make_client(BoxDeveloperTokenAuth(token=credentials["app_users"][0]["developer_token"]))
    # A folder of someone outside the barrier that both sides work in: a collaboration across
    # the barrier itself would stop when it is enabled, as in Box.
    lab = admin.folders.create_folder(unique("lab"), CreateFolderParent(id="0"))
    collaborate(admin, lab.id, wall["alice"])
    collaborate(admin, lab.id, wall["bob"])
    notes = alice.folders.create_folder(unique("notes"), CreateFolderParent(id="0"))
    start = admin.events.get_events(stream_type=GetEventsStreamType.ADMIN_LOGS, stream_position="now").next_stream_position
    admin.shield_information_barriers.update_shield_information_barrier_status(
        wall["barrier"].id, UpdateShieldInformationBarrierStatusStatus.PENDING)
    try:
        with pytest.raises(BoxAPIError) as refusal:
            alice.folders.update_folder_by_id(notes.id, parent=UpdateFolderByIdParent(id=lab.id))
    finally:
        admin.shield_information_barriers.update_shield_information_barrier_status(
            wall["barrier"].id, UpdateShieldInformationBarrierStatusStatus.DISABLED)
    logged = admin.events.get_events(
        stream_type=GetEventsStreamType.ADMIN_LOGS, stream_position=str(start),
        event_type=["SHIELD_INFORMATION_BARRIER_ENABLED", "SHIELD_INFORMATION_BARRIER_ITEM_MOVE_BLOCKED"]).entries

    assert refusal.value.response_info.status_code == 403
    assert refusal.value.response_info.code == "forbidden_by_policy"
    assert [entry.event_type for entry in logged] == ["SHIELD_INFORMATION_BARRIER_ENABLED", "SHIELD_INFORMATION_BARRIER_ITEM_MOVE_BLOCKED"]
    assert logged[1].created_by.id == wall["alice"]
    assert logged[1].additional_details["shield_information_barrier_id"] == wall["barrier"].id


def test_report_lists_the_collaboration_that_breaks_the_barrier(admin, credentials, make_client, wall):
    alice = make_client(BoxDeveloperTokenAuth(token=credentials["app_users"][0]["developer_token"]))
    folder = alice.folders.create_folder(unique("pre-wall"), CreateFolderParent(id="0"))
    breaking = collaborate(alice, folder.id, wall["bob"])

    created = admin.shield_information_barrier_reports.create_shield_information_barrier_report(
        shield_information_barrier=ShieldInformationBarrierBase(id=wall["barrier"].id))
    report = admin.shield_information_barrier_reports.get_shield_information_barrier_report_by_id(created.id)
    entries = admin.folders.get_folder_items(report.details.details.folder_id).entries
    content = read_all(admin.downloads.download_file(entries[0].id)).decode()

    assert report.status == "done"
    assert breaking.id in content


def test_a_user_who_is_not_an_admin_is_refused(alice, wall):
    with pytest.raises(BoxAPIError) as refusal:
        alice.shield_information_barriers.get_shield_information_barrier_by_id(wall["barrier"].id)

    assert refusal.value.response_info.status_code == 403
